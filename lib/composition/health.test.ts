import { NextRequest } from "next/server";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { resetTestClock, setTestClockOffset } from "@/lib/clock";
import { closeDb, getSqlPool } from "@/lib/db/client";
import { OVERVIEW_QUEUES } from "@/features/overview/queues";
import { PAYROLL_QUEUES } from "@/features/payroll/queues";

// The probes of a process that runs jobs, on a database of the file's own (another file's pg-boss
// would run this file's schedules): pg-boss started as the app starts it, a schedule that runs
// (its run recorded by the one wrapper of every worker, lib/jobs/boss.ts) and one not yet due; the
// app's clock moved, not waited for (docs/adr/0010-the-apps-clock.md).

let database: Awaited<ReturnType<typeof ownDatabase>>;
let sql: pg.Client;

beforeAll(async () => {
  database = await ownDatabase();
  Object.assign(process.env, {
    DATABASE_URL: database.urls.appUrl,
    JOBS_ENABLED: "true",
    // The outbox's backlog is checked where mail is sent; no mail job is started here, nothing is sent.
    SMTP_URL: "smtp://127.0.0.1:9",
    NEXTAUTH_URL: "http://localhost:3999",
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
  });
  sql = new pg.Client({ connectionString: database.urls.appUrl });
  await sql.connect();
});
afterAll(async () => {
  resetTestClock();
  const { stopBoss } = await import("@/lib/jobs/boss");
  await stopBoss();
  await sql.end();
  await closeDb();
  await database.drop();
});

/** Readiness as the route asks it, uncached: each test asks after its own change. */
async function readinessNow() {
  const [{ readiness }, { migrationNames }, { jobsCheck }, { outboxBacklog }, { deliveriesBacklog }] =
    await Promise.all([
      import("@/lib/health/readiness"),
      import("@/lib/health/checks"),
      import("@/lib/health/jobs-check"),
      import("@/features/mail/server/backlog"),
      import("@/features/webhooks/server/backlog"),
    ]);
  return readiness({
    db: getSqlPool(),
    migrations: () => migrationNames(),
    jobs: { jobs: () => jobsCheck(getSqlPool()), mail_outbox: outboxBacklog, webhook_deliveries: deliveriesBacklog },
  });
}

describe("the probes of a process that runs jobs", () => {
  it("answer 200 once pg-boss has started: health from the process, ready with every check ok", async () => {
    const { getBoss } = await import("@/lib/jobs/boss");
    await getBoss({ cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
    const { getHealth, getReady } = await import("./health");
    const request = (path: string) => new NextRequest(`http://localhost:3000${path}`);
    const noParams = { params: Promise.resolve({}) };

    const health = await getHealth(request("/api/health"), noParams);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, data: { status: "ok" } });
    const ready = await getReady(request("/api/ready"), noParams);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({
      ok: true,
      data: {
        checks: { database: "ok", migrations: "ok", jobs: "ok", mail_outbox: "ok", webhook_deliveries: "ok" },
      },
    });
  });

  it("count a schedule not yet due as ok, and name a schedule that has not run within twice its period", async () => {
    const { getBoss } = await import("@/lib/jobs/boss");
    const boss = await getBoss();
    // Daily, first due tomorrow at 03:41 at the earliest: not due within this test, however the clock moves.
    await boss.schedule(PAYROLL_QUEUES.referenceLists, "41 3 * * *");
    await boss.work(OVERVIEW_QUEUES.sweep, { pollingIntervalSeconds: 1 }, async () => {});
    await boss.schedule(OVERVIEW_QUEUES.sweep, "* * * * *");
    const lastRun = async () =>
      (
        await sql.query<{ at: Date }>("SELECT last_run_at AS at FROM job_schedule_runs WHERE queue = $1", [
          OVERVIEW_QUEUES.sweep,
        ])
      ).rows[0]?.at;
    await vi.waitFor(async () => expect(await lastRun()).toBeInstanceOf(Date), { timeout: 15_000, interval: 200 });
    expect((await readinessNow()).checks.jobs).toBe("ok");

    // The schedule stops running (as when no worker takes its jobs); 3 minutes pass.
    await boss.unschedule(OVERVIEW_QUEUES.sweep);
    await boss.offWork(OVERVIEW_QUEUES.sweep);
    const ranAt = (await lastRun())!;
    setTestClockOffset(ranAt.getTime() + 3 * 60_000 - Date.now());
    const late = await readinessNow();
    expect(late.ready).toBe(false);
    expect(late.checks).toMatchObject({ database: "ok", migrations: "ok" });
    expect(late.checks.jobs).toBe(`schedule ${OVERVIEW_QUEUES.sweep} last ran 3 min ago (every 1 min)`);
  });

  it("name a backlog of mail due for longer than its threshold", async () => {
    resetTestClock();
    await sql.query(
      `INSERT INTO mail_outbox (idempotency_key, to_address, locale, kind, subject, text, next_attempt_at)
       SELECT 'ready-test-' || n, 'someone@example.com', 'en', 'invitation', 'Hello', 'Hello', (now() AT TIME ZONE 'UTC') - interval '1 hour'
       FROM generate_series(1, 11) AS n`,
    );
    const result = await readinessNow();
    expect(result.checks.mail_outbox).toBe("11 mail outbox messages due for over 10 min (at most 10)");
    expect(result.checks.webhook_deliveries).toBe("ok");
  });
});
