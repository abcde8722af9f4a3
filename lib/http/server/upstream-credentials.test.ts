import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AccountingClient } from "@/features/accounting/server/accounting-service";
import { PayrollRateLimitedError } from "@/features/payroll/errors";
import { parseAuthHeader, PayrollClient } from "@/features/payroll/server/payroll-service";
import { startTestSandbox, type TestSandbox } from "@/sandbox/test-support";
import { payrollCredential, setUpstreamBudget, type UpstreamBudget, type UpstreamBudgetKey } from "./upstream-budget";

// Every client names its credential to the one upstream core: the payroll key (as a digest), the
// accounting connection. A recording budget stands in for the shared one.

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
let sandbox: TestSandbox;
const taken: UpstreamBudgetKey[] = [];
const blocked: { key: UpstreamBudgetKey; ms: number }[] = [];
const recording: UpstreamBudget = {
  take: async (key) => (taken.push(key), { granted: true }),
  block: async (key, ms) => void blocked.push({ key, ms }),
};

beforeAll(async () => {
  // One fixed minute for the sandbox's limits, so a test never straddles two.
  sandbox = await startTestSandbox({ wallClockMs: () => Date.parse("2026-11-26T21:04:10Z") });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  setUpstreamBudget(undefined);
  taken.length = 0;
  blocked.length = 0;
  await sandbox.control("POST", "/reset");
});

const payroll = () =>
  new PayrollClient({
    baseUrl: sandbox.urls.payroll.base_url,
    apiKey: SABINE,
    authHeader: parseAuthHeader("Authorization: Bearer {api_key}"),
    timeoutMs: 5_000,
    sleep: async () => {},
  });

describe("credentials of the upstream budget", () => {
  it("the payroll client draws on its key's budget, named by a digest that does not reveal the key", async () => {
    setUpstreamBudget(recording);
    await payroll().listCompanies();
    const credential = payrollCredential(sandbox.urls.payroll.base_url, SABINE);
    expect(taken).toEqual([{ service: "payroll", credential }]);
    expect(credential).not.toContain(SABINE.slice(11));
  });

  it("the accounting client draws on its connection's budget", async () => {
    setUpstreamBudget(recording);
    const client = new AccountingClient({
      baseUrl: sandbox.urls.accounting.base_url,
      credential: "connection-1",
      timeoutMs: 5_000,
      tokens: { get: async () => "unknown-token", renew: async () => "still-unknown" },
    });
    await client.send({ method: "GET", path: "/user" });
    expect(taken.every((key) => key.service === "accounting" && key.credential === "connection-1")).toBe(true);
    expect(taken.length).toBeGreaterThan(0);
  });

  it("stores the service's 429 with its Retry-After, and the person gets the typed rate-limit error", async () => {
    setUpstreamBudget(recording);
    await sandbox.control("POST", "/limits", { payroll_per_minute: 1 });
    await payroll().getUsername();
    const failure = await payroll()
      .getUsername()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PayrollRateLimitedError);
    expect(blocked.length).toBeGreaterThanOrEqual(1);
    expect(blocked[0]?.ms).toBeGreaterThan(0);
    expect(blocked[0]?.ms).toBeLessThanOrEqual(60_000);
  });
});
