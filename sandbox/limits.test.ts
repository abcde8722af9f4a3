import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  DEV_CLIENT,
  api,
  fixtureUsers,
  refreshWith,
  startTestSandbox,
  userByEmail,
  v31Tokens,
  type TestSandbox,
} from "./test-support";

/** The limiter's wall clock, moved by the tests: 21:04:50 UTC, ten seconds before the minute ends. */
let wallMs = Date.parse("2026-11-26T21:04:50Z");
let t: TestSandbox;

interface Stats {
  requests: number;
  rate_limited: number;
  per_minute: Record<string, Record<string, number>>;
}

interface CreatedFirm {
  api_key: string;
  username: string;
  companies: {
    id: number;
    name1: string;
    current_month: string;
    employee_ids: number[];
    postal_code: string;
    pay_run_in_progress: boolean;
  }[];
}

async function payrollGet(key: string, path = "/v1/companies"): Promise<Response> {
  return fetch(`${t.urls.payroll.base_url}${path}`, { headers: { authorization: `Bearer ${key}` } });
}

beforeAll(async () => {
  t = await startTestSandbox({ wallClockMs: () => wallMs });
});
afterAll(() => t.close());
beforeEach(async () => {
  wallMs = Date.parse("2026-11-26T21:04:50Z");
  await t.control("POST", "/reset");
});

describe("a large firm (POST /control/payroll/customers)", () => {
  it("creates a customer with N companies in several months and Länder, with employees, usable with its key", async () => {
    const created = await t.control<CreatedFirm>("POST", "/payroll/customers", {
      companies: 300,
      employees_per_company: 3,
    });
    expect(created.status).toBe(201);
    const firm = created.body;
    expect(firm.companies).toHaveLength(300);
    expect(new Set(firm.companies.map((company) => company.id)).size).toBe(300);
    expect(new Set(firm.companies.map((company) => company.current_month)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(firm.companies.map((company) => company.postal_code)).size).toBe(16);
    expect(firm.companies.some((company) => company.pay_run_in_progress)).toBe(true);
    expect(firm.companies.every((company) => company.employee_ids.length === 3)).toBe(true);

    const listed = (await (await payrollGet(firm.api_key)).json()) as { data: { id: number }[] };
    expect(listed.data).toHaveLength(300);
    const first = firm.companies[0];
    const employees = (await (await payrollGet(firm.api_key, `/v1/companies/${first?.id}/employees`)).json()) as {
      data: unknown[];
    };
    expect(employees.data).toHaveLength(3);
    const username = (await (await payrollGet(firm.api_key, "/v1/username")).json()) as { data: string };
    expect(username.data).toBe(firm.username);
  });

  it("takes a name, refuses bad sizes, and is gone after a reset", async () => {
    const named = await t.control<CreatedFirm>("POST", "/payroll/customers", { companies: 2, name: "Lohnbüro Nord" });
    expect(named.body.username).toBe("Lohnbüro Nord");
    const second = await t.control<CreatedFirm>("POST", "/payroll/customers", { companies: 1 });
    expect(second.body.companies[0]?.id).not.toBe(named.body.companies[0]?.id);
    for (const body of [
      {},
      { companies: 0 },
      { companies: 1001 },
      { companies: 2, employees_per_company: -1 },
      { companies: 2, extra: 1 },
    ]) {
      expect((await t.control("POST", "/payroll/customers", body)).status).toBe(422);
    }
    await t.control("POST", "/reset");
    expect((await payrollGet(named.body.api_key)).status).toBe(401);
  });
});

describe("per-credential limits (POST /control/limits) and per-minute counts", () => {
  it("answers 429 with Retry-After until the minute ends, per payroll key, and counts every request per minute", async () => {
    const [first, second] = (await t.control<{ payroll: { customers: { api_key: string }[] } }>("GET", "/fixtures"))
      .body.payroll.customers;
    const key = first?.api_key ?? "";
    const otherKey = second?.api_key ?? "";
    expect((await t.control("POST", "/limits", { payroll_per_minute: 2 })).body).toEqual({ payroll_per_minute: 2 });

    expect((await payrollGet(key)).status).toBe(200);
    expect((await payrollGet(key)).status).toBe(200);
    const refused = await payrollGet(key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("TOO_MANY_REQUESTS");
    expect((await payrollGet(otherKey)).status).toBe(200);

    wallMs += 10_000; // the next minute
    expect((await payrollGet(key)).status).toBe(200);

    const stats = (await t.control<Stats>("GET", "/stats")).body;
    expect(stats.rate_limited).toBe(1);
    expect(stats.per_minute[`payroll:${key}`]).toEqual({ "2026-11-26T21:04": 3, "2026-11-26T21:05": 1 });
    expect(stats.per_minute[`payroll:${otherKey}`]).toEqual({ "2026-11-26T21:04": 1 });

    await t.control("POST", "/limits", {});
    for (let i = 0; i < 3; i++) expect((await payrollGet(key)).status).toBe(200);
  });

  it("limits an accounting grant's API and token requests together, and refuses bad limits", async () => {
    const users = await fixtureUsers(t);
    const alice = userByEmail(users, "alice");
    const tokens = await v31Tokens(t, alice);
    // The code exchange already counted for the grant: with /user and the renewal, three in this minute.
    await t.control("POST", "/limits", { accounting_per_minute: 3 });
    expect((await api(t, tokens.access_token, "/user")).status).toBe(200);
    const renewed = await refreshWith(t, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    const refused = await api(t, tokens.access_token, "/user");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("10");

    const stats = (await t.control<Stats>("GET", "/stats")).body;
    expect(stats.per_minute[`accounting:${DEV_CLIENT.client_id}:${alice.id}`]?.["2026-11-26T21:04"]).toBe(4);

    for (const body of [{ payroll_per_minute: 0 }, { payroll_per_minute: 1.5 }, { other: 1 }, []]) {
      expect((await t.control("POST", "/limits", body)).status).toBe(422);
    }
    await t.control("POST", "/reset");
    expect((await t.control("GET", "/limits")).body).toEqual({});
    expect((await t.control<Stats>("GET", "/stats")).body.per_minute).toEqual({});
  });
});
