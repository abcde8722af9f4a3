import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { serverEnvSchema } from "@/lib/env/schema";
import { budgetedRequest } from "./budgeted-request";
import {
  leaseSize,
  postgresUpstreamBudget,
  setUpstreamBudget,
  windowLimit,
  type BudgetConfig,
  type UpstreamBudgetKey,
} from "./upstream-budget";
import { asInteractive, inBackground, upstreamPriority } from "./upstream-priority";

// The budget against the suite's Postgres; two pools stand for two app processes.
const pools = [
  new pg.Pool({ connectionString: inject("databaseUrl"), max: 2 }),
  new pg.Pool({ connectionString: inject("databaseUrl"), max: 2 }),
];
let statements = 0;
const processes = pools.map(
  (pool) => (config: BudgetConfig, now?: () => number) =>
    postgresUpstreamBudget(
      config,
      async (statement, values) => (statements++, (await pool.query({ ...statement, values })).rows),
      now,
    ),
);
const used = async (credential: UpstreamBudgetKey) =>
  (
    await pools[0]!.query<{ used: number }>(
      "SELECT used FROM upstream_budget_windows WHERE credential = $1 ORDER BY window_start",
      [credential.credential],
    )
  ).rows.map((row) => row.used);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});
afterEach(() => setUpstreamBudget(undefined));

const config = (budget: number, extra: Partial<BudgetConfig> = {}): BudgetConfig => ({
  perWindow: { payroll: budget, accounting: budget },
  reservePercent: 20,
  // An hour's window, so a test's counts never straddle two windows (the app's window is a minute).
  windowMs: 3_600_000,
  edgeMs: 0,
  ...extra,
});
/** A credential of its own per test: the counts of one test never meet another's. */
const key = (): UpstreamBudgetKey => ({ service: "payroll", credential: `test-${randomUUID()}` });
const ok = { status: 200, headers: {}, text: "{}" };

describe("the shared upstream budget", () => {
  it("is one budget for two processes: 10 requests a window in all, then a wait until the window ends", async () => {
    const [one, two] = processes.map((start) => start(config(10)));
    const credential = key();
    const decisions = [];
    for (let i = 0; i < 6; i++) {
      decisions.push(await one!.take(credential, "interactive"), await two!.take(credential, "interactive"));
    }
    expect(decisions.filter((decision) => decision.granted)).toHaveLength(10);
    const refused = decisions.at(-1)!;
    expect(refused).toMatchObject({ granted: false, blocked: false });
    expect(refused.granted || refused.waitMs).toBeGreaterThan(0);
    expect(refused.granted || refused.waitMs).toBeLessThanOrEqual(3_600_000);
    // Taken concurrently too: never more than the budget.
    const other = key();
    const racing = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? one! : two!).take(other, "interactive")),
    );
    expect(racing.filter((decision) => decision.granted)).toHaveLength(10);
  });

  it("puts people first: background work leaves the reserve (20 %), people still get it", async () => {
    const [jobs, person] = processes.map((start) => start(config(10)));
    const credential = key();
    const background = [];
    for (let i = 0; i < 10; i++) background.push(await jobs!.take(credential, "background"));
    expect(background.filter((decision) => decision.granted)).toHaveLength(8);
    expect(await person!.take(credential, "interactive")).toEqual({ granted: true });
    expect(await person!.take(credential, "interactive")).toEqual({ granted: true });
    expect((await person!.take(credential, "interactive")).granted).toBe(false);
    expect(windowLimit(config(300), "payroll", "background")).toBe(240);
    expect(windowLimit(config(1), "payroll", "background")).toBe(1);
  });

  it("lets a person's exports leave the export reserve to the same person's sign-in and pages", async () => {
    const [exporting, person] = processes.map((start) => start(config(10, { exportReservePercent: 30 })));
    const credential = key();
    const exported = [];
    for (let i = 0; i < 10; i++) exported.push(await exporting!.take(credential, "export"));
    expect(exported.filter((decision) => decision.granted)).toHaveLength(7);
    for (let i = 0; i < 3; i++) expect(await person!.take(credential, "interactive")).toEqual({ granted: true });
    expect((await person!.take(credential, "interactive")).granted).toBe(false);
    expect(windowLimit(config(150, { exportReservePercent: 20 }), "accounting", "export")).toBe(120);
    expect(windowLimit(config(150), "accounting", "export")).toBe(150);
  });

  it("respects a service's 429 in every process until its Retry-After has passed", async () => {
    const [one, two] = processes.map((start) => start(config(100)));
    const credential = key();
    await one!.block(credential, 5_000);
    const decision = await two!.take(credential, "background");
    expect(decision).toMatchObject({ granted: false, blocked: true });
    expect(decision.granted || decision.waitMs).toBeGreaterThan(4_000);
    await two!.block(credential, 10); // a shorter block never shortens a longer one
    expect((await one!.take(credential, "interactive")).granted).toBe(false);

    const shortly = key();
    await one!.block(shortly, 150);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await two!.take(shortly, "interactive")).toEqual({ granted: true });
  });

  it("counts a request at the end of a window in the next window too (it may arrive there)", async () => {
    const [one] = processes.map((start) => start(config(3, { edgeMs: 3_600_000 })));
    const credential = key();
    expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    const { rows } = await pools[0]!.query<{ used: number }>(
      "SELECT used FROM upstream_budget_windows WHERE credential = $1 ORDER BY window_start",
      [credential.credential],
    );
    expect(rows.map((row) => row.used)).toEqual([1, 1]);
  });

  it("clears windows older than ten minutes when a window starts", async () => {
    const stale = key();
    // Three hours back: with the tests' hour-long windows, "ten minutes before this window's start" is up to 70 minutes ago.
    await pools[0]!.query(
      "INSERT INTO upstream_budget_windows (service, credential, window_start, used) VALUES ('payroll', $1, now() - interval '3 hours', 5)",
      [stale.credential],
    );
    await processes[1]!(config(10)).take(key(), "interactive");
    const { rows } = await pools[0]!.query("SELECT 1 FROM upstream_budget_windows WHERE credential = $1", [
      stale.credential,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe("leases: a process takes a few requests at once", () => {
  it("spends a lease of 5 % of the budget with no round trip; two processes together never take more than the budget", async () => {
    const [one, two] = processes.map((start) => start(config(200)));
    expect(leaseSize(config(200), "payroll")).toBe(10);
    expect(leaseSize(config(10), "payroll")).toBe(1);
    const credential = key();
    statements = 0;
    for (let i = 0; i < 10; i++) expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    expect(statements).toBe(1);
    expect(await used(credential)).toEqual([10]);
    // Concurrent requests of one process share the statement in flight.
    statements = 0;
    const burst = await Promise.all(Array.from({ length: 10 }, () => two!.take(credential, "interactive")));
    expect(burst.every((decision) => decision.granted)).toBe(true);
    expect(statements).toBe(1);
    // Both processes racing to the end: exactly the budget, never more; leases shrink near the limit.
    const racing = await Promise.all(
      Array.from({ length: 400 }, (_, i) => (i % 2 ? one! : two!).take(credential, "interactive")),
    );
    expect(racing.filter((decision) => decision.granted)).toHaveLength(180);
    expect(await used(credential)).toEqual([200]);
    expect(racing.at(-1)).toMatchObject({ granted: false, blocked: false });
  });

  it("gives background work leases only below the budget less the reserve; people's leases take the rest", async () => {
    const [jobs, person] = processes.map((start) => start(config(200)));
    const credential = key();
    const background = await Promise.all(Array.from({ length: 200 }, () => jobs!.take(credential, "background")));
    expect(background.filter((decision) => decision.granted)).toHaveLength(160);
    expect(await used(credential)).toEqual([160]);
    const people = await Promise.all(Array.from({ length: 60 }, () => person!.take(credential, "interactive")));
    expect(people.filter((decision) => decision.granted)).toHaveLength(40);
  });

  it("drops its own lease at a 429 at once; another process holds at most its lease, then sees the block", async () => {
    const [one, two] = processes.map((start) => start(config(200)));
    const credential = key();
    expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    expect(await two!.take(credential, "interactive")).toEqual({ granted: true });
    await one!.block(credential, 5_000);
    expect(await one!.take(credential, "interactive")).toMatchObject({ granted: false, blocked: true });
    let sent = 0;
    while ((await two!.take(credential, "interactive")).granted) sent++;
    expect(sent).toBe(leaseSize(config(200), "payroll") - 1);
  });

  it("ends a lease at the window's edge (the process's clock) and never carries it into the next window", async () => {
    let clock = Date.now();
    const [one] = processes.map((start) => start(config(200, { windowMs: 3_600_000, edgeMs: 0 }), () => clock));
    const credential = key();
    expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    statements = 0;
    expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    expect(statements).toBe(0);
    clock += 3_600_000; // past the window's edge: the lease's rest is not used, a new lease is taken
    expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    expect(statements).toBe(1);
  });

  it("in the edge, a lease is one request, counted in both windows and used at once", async () => {
    const [one] = processes.map((start) => start(config(200, { edgeMs: 3_600_000 })));
    const credential = key();
    statements = 0;
    for (let i = 0; i < 3; i++) expect(await one!.take(credential, "interactive")).toEqual({ granted: true });
    expect(statements).toBe(3);
    expect(await used(credential)).toEqual([3, 3]);
  });
});

describe("requests through the budget", () => {
  it("answers a person's request the budget refuses with the service's 429 form and Retry-After, without calling", async () => {
    setUpstreamBudget(processes[0]!(config(1)));
    const credential = key();
    let calls = 0;
    const exchange = async () => (calls++, ok);
    expect((await budgetedRequest({ timeoutMs: 1_000 }, credential, exchange)).status).toBe(200);
    const refused = await budgetedRequest({ timeoutMs: 1_000 }, credential, exchange);
    expect(calls).toBe(1);
    expect(refused.status).toBe(429);
    expect(refused.headers["x-upstream-budget"]).toBe("exhausted");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "TOO_MANY_REQUESTS" } });
    const accounting = await budgetedRequest({ timeoutMs: 1_000 }, { ...credential, service: "accounting" }, exchange);
    expect(accounting.status).toBe(200);
  });

  it("stores the service's 429 for every process; background work and a person's request wait it out, unless told not to", async () => {
    setUpstreamBudget(processes[0]!(config(100)));
    const credential = key();
    const limited = { status: 429, headers: { "retry-after-ms": "300" }, text: "[]" };
    expect((await budgetedRequest({ timeoutMs: 1_000 }, credential, async () => limited)).status).toBe(429);

    setUpstreamBudget(processes[1]!(config(100)));
    const impatient = await budgetedRequest({ timeoutMs: 1_000, waitForBudget: false }, credential, async () => ok);
    expect(impatient.headers["x-upstream-budget"]).toBe("exhausted");
    expect((await budgetedRequest({ timeoutMs: 1_000 }, credential, async () => ok)).status).toBe(200);
    await processes[0]!(config(100)).block(credential, 300);
    const started = Date.now();
    const job = await inBackground(() => budgetedRequest({ timeoutMs: 1_000 }, credential, async () => ok));
    expect(job.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("lets a token renewal wait for the budget when the wait fits its timeout", async () => {
    // A budget of 10: leases of one request, so the other process's block is seen at the next request.
    setUpstreamBudget(processes[0]!(config(10)));
    const credential = key();
    await processes[1]!(config(10)).block(credential, 200);
    expect((await budgetedRequest({ timeoutMs: 5_000, waitForBudget: true }, credential, async () => ok)).status).toBe(
      200,
    );
    await processes[1]!(config(10)).block(credential, 10_000);
    expect((await budgetedRequest({ timeoutMs: 1_000, waitForBudget: true }, credential, async () => ok)).status).toBe(
      429,
    );
  });

  it("knows whose request it is: a person's unless a job runs it", async () => {
    expect(upstreamPriority()).toBe("interactive");
    expect(inBackground(() => upstreamPriority())).toBe("background");
    expect(await inBackground(async () => (await Promise.resolve(), upstreamPriority()))).toBe("background");
    expect(inBackground(() => asInteractive(() => upstreamPriority()))).toBe("interactive");
  });
});

describe("its configuration", () => {
  const base = {
    DATABASE_URL: "postgresql://localhost/x",
    NEXTAUTH_SECRET: "x".repeat(32),
    TOKEN_ENCRYPTION_KEYS: `k:${Buffer.alloc(32, 1).toString("base64")}`,
    ACCOUNTING_AUTH_URL: "http://a.test/auth",
    ACCOUNTING_TOKEN_URL: "http://a.test/token",
    ACCOUNTING_REVOKE_URL: "http://a.test/revoke",
    ACCOUNTING_BASE_URL: "http://a.test/v3.1",
    ACCOUNTING_CLIENT_ID: "c",
    ACCOUNTING_CLIENT_SECRET: "s",
    PAYROLL_BASE_URL: "http://p.test/payroll",
  };

  it("defaults to 300 a minute per payroll key and 150 per accounting connection, 20 % kept for people", () => {
    const env = serverEnvSchema.parse(base);
    expect(env).toMatchObject({
      UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: 300,
      UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: 150,
      UPSTREAM_BUDGET_RESERVE_PERCENT: 20,
      UPSTREAM_BUDGET_EXPORT_RESERVE_PERCENT: 20,
      UPSTREAM_BUDGET_EDGE_MS: 2_000,
    });
    expect(
      serverEnvSchema.parse({ ...base, UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "60" }).UPSTREAM_BUDGET_PAYROLL_PER_MINUTE,
    ).toBe(60);
  });

  it("refuses a budget that is not a positive whole number, and a reserve over 90 %", () => {
    for (const bad of [
      { UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "0" },
      { UPSTREAM_BUDGET_ACCOUNTING_PER_MINUTE: "1.5" },
      { UPSTREAM_BUDGET_PAYROLL_PER_MINUTE: "many" },
      { UPSTREAM_BUDGET_RESERVE_PERCENT: "95" },
      { UPSTREAM_BUDGET_EXPORT_RESERVE_PERCENT: "95" },
      { UPSTREAM_BUDGET_EDGE_MS: "-1" },
    ]) {
      const result = serverEnvSchema.safeParse({ ...base, ...bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(Object.keys(bad));
    }
  });
});
