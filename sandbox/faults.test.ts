import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  api,
  fixtureUsers,
  postForm,
  refreshWith,
  startTestSandbox,
  userByEmail,
  v31Code,
  v31Tokens,
  type FixtureUser,
  type TestSandbox,
} from "./test-support";

let t: TestSandbox;
let alice: FixtureUser;

beforeAll(async () => {
  t = await startTestSandbox();
  alice = userByEmail(await fixtureUsers(t), "alice");
});
afterAll(() => t.close());
beforeEach(() => t.control("POST", "/reset"));

const faults = (config: unknown) => t.control("POST", "/faults", config);

describe("fault injection", () => {
  it("error: the chosen status with the service's error shape", async () => {
    const { access_token } = await v31Tokens(t, alice);
    await faults({ rules: [{ method: "GET", path: "/accounting/v3.1/**", kind: "error", status: 502 }] });
    const response = await api(t, access_token, "/businesses/lead");
    expect(response.status).toBe(502);
    expect(response.body).toEqual([expect.objectContaining({ $severity: "error", $dataCode: "InternalServerError" })]);
    expect(response.headers.get("x-business")).toBe(alice.businesses.find((b) => b.lead)?.id);
    const stats = await t.control<{ faults_injected: number }>("GET", "/stats");
    expect(stats.body.faults_injected).toBe(1);
  });

  it("rate: deterministic for a seed", async () => {
    const run = async () => {
      await faults({ seed: 42, rules: [{ path: "/accounting/oauth/revoke", kind: "error", rate: 0.5 }] });
      const statuses: number[] = [];
      for (let i = 0; i < 24; i++) {
        statuses.push((await postForm(t.urls.accounting.revoke_url, { token: "x", ...DEV_CLIENT })).status);
      }
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    expect(first.filter((status) => status === 500).length).toBeGreaterThan(3);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(3);
  });

  it("latency delays the answer", async () => {
    await faults({ rules: [{ path: "/accounting/v3.1/*", kind: "latency", latency_ms: 300 }] });
    const started = Date.now();
    const response = await api(t, "x", "/user");
    expect(response.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("temporarily_unavailable at the token endpoint is a 503 OAuth error", async () => {
    const { refresh_token } = await v31Tokens(t, alice);
    await faults({ rules: [{ path: "/accounting/oauth/token", kind: "temporarily_unavailable", times: 1 }] });
    const response = await refreshWith(t, refresh_token);
    expect(response.status).toBe(503);
    expect(response.body.error).toBe("temporarily_unavailable");
    expect((await refreshWith(t, refresh_token)).status).toBe(200);
  });

  it("rate_limit answers 429 with Retry-After", async () => {
    const { access_token } = await v31Tokens(t, alice);
    await faults({ rules: [{ path: "/accounting/v3.1/**", kind: "rate_limit", retry_after: 7 }] });
    const response = await api(t, access_token, "/businesses");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(response.body).toEqual([expect.objectContaining({ $dataCode: "TooManyRequests" })]);
  });

  it("drop_after_commit stores the change, then closes the connection unanswered", async () => {
    const code = await v31Code(t, alice);
    await faults({ rules: [{ method: "POST", path: "/accounting/oauth/token", kind: "drop_after_commit", times: 1 }] });
    const exchange = () =>
      postForm(t.urls.accounting.token_url, {
        grant_type: "authorization_code",
        code,
        redirect_uri: DEV_CLIENT.redirect_uri,
        client_id: DEV_CLIENT.client_id,
        client_secret: DEV_CLIENT.client_secret,
      });
    await expect(exchange()).rejects.toThrow();
    const issued = await t.control<Array<{ kind: string; state: string }>>("GET", "/tokens");
    expect(issued.body.map((token) => [token.kind, token.state])).toEqual([
      ["access", "live"],
      ["refresh", "live"],
    ]);
    // the retry is a second use of the code
    expect((await exchange()).body.error).toBe("invalid_grant");
  });

  it("commit_late: no answer now; the request is carried out when the sandbox clock reaches its time", async () => {
    const { payroll } = (
      await t.control<{
        payroll: { customers: { api_key: string; companies: { id: number; employee_ids: number[] }[] }[] };
      }>("GET", "/fixtures")
    ).body;
    const customer = payroll.customers[0]!;
    const key = customer.api_key;
    const { id, employee_ids: employeeIds } = customer.companies[0]!;
    const entry = {
      company_id: id,
      employee_id: employeeIds[0]!,
      type: "HOURLY_WAGE",
      total_hours: 8,
      total_amount: 14.5,
    };
    await faults({
      rules: [
        {
          method: "POST",
          path: "/payroll/v1/companies/*/hourly_compensations",
          kind: "commit_late",
          commit_after_seconds: 23,
          times: 1,
        },
      ],
    });
    const send = () =>
      fetch(`${t.urls.payroll.base_url}/v1/companies/${id}/hourly_compensations`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify([entry]),
      });
    await expect(send()).rejects.toThrow();
    const held = async () => (await t.control<unknown[]>("GET", `/payroll/companies/${id}/hourly_compensations`)).body;
    expect(await held()).toEqual([]);
    await t.control("POST", "/clock", { advance_seconds: 22 });
    expect(await held()).toEqual([]);
    await t.control("POST", "/clock", { advance_seconds: 1 });
    expect(await held()).toEqual([expect.objectContaining({ employee_id: entry.employee_id, total_hours: 8 })]);
    expect((await faults({ rules: [{ path: "/x", kind: "commit_late", commit_after_seconds: -1 }] })).status).toBe(422);
  });

  it("faults in the payroll service use its failure envelope", async () => {
    await faults({ rules: [{ path: "/payroll/**", kind: "temporarily_unavailable" }] });
    const response = await fetch(`${t.urls.payroll.base_url}/v1/companies`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      success: false,
      state: "ERROR",
      error: { code: "UNAVAILABLE", issues: [] },
      data: null,
    });
    await faults({ rules: [{ path: "/payroll/**", kind: "error", status: 502 }] });
    const failed = await fetch(`${t.urls.payroll.base_url}/v1/companies`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: { code: "INTERNAL_ERROR", message: expect.any(String) } });
  });

  it("never touches control routes; {} clears; bad shapes are 422", async () => {
    await faults({ rules: [{ path: "/**", kind: "error" }] });
    expect((await t.control("GET", "/stats")).status).toBe(200);
    expect((await fetch(`${t.sandbox.url}/.well-known/sandbox.json`)).status).toBe(200);
    expect((await fetch(t.urls.accounting.base_url + "/user")).status).toBe(500);
    await faults({});
    expect((await fetch(t.urls.accounting.base_url + "/user")).status).toBe(401);
    const bad = await faults({ rules: [{ path: "no-slash", kind: "explode", rate: 2 }] });
    expect(bad.status).toBe(422);
  });
});

describe("fault rules with a query", () => {
  it("hit only the requests carrying the parameters, whatever else they carry", async () => {
    const { access_token } = await v31Tokens(t, alice);
    await faults({
      rules: [
        {
          method: "GET",
          path: "/accounting/v3.1/trial_balance",
          query: { from_date: "2026-03-01" },
          kind: "error",
          status: 503,
        },
      ],
    });
    const march = await api(t, access_token, "/trial_balance?to_date=2026-03-31&from_date=2026-03-01");
    expect(march.status).toBe(503);
    const april = await api(t, access_token, "/trial_balance?from_date=2026-04-01&to_date=2026-04-30");
    expect(april.status).toBe(200);
    const businesses = await api(t, access_token, "/businesses?from_date=2026-03-01");
    expect(businesses.status).toBe(200);
  });

  it("refuses a query that is not an object of strings", async () => {
    const response = await faults({ rules: [{ path: "/accounting/**", query: { from_date: 1 }, kind: "error" }] });
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain("rules[0].query must be an object of strings");
  });
});
