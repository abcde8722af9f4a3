import pg from "pg";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { ACCOUNTING_QUEUES } from "@/features/accounting/queues";
import { AUDIT_TRAIL_QUEUES } from "@/features/audit-trail/queues";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";
import { OVERVIEW_QUEUES } from "@/features/overview/queues";
import { PAYROLL_QUEUES } from "@/features/payroll/queues";
import { REMINDER_QUEUES } from "@/features/reminders/queues";
import { ERASURE_QUEUES } from "@/features/records/erasure/queues";
import { SIGN_IN_QUEUES } from "@/features/sign-in/queues";
import { captureLog } from "@/lib/log/testing/capture";

// The process's jobs as instrumentation.ts starts them (startJobsIfEnabled), as the app's role, on
// a database of the file's own (another file's pg-boss would run these schedules): every schedule
// is registered, and the every-minute ones run, with pg-boss's schedule monitor and worker at 1 s
// instead of 30 s (getBoss's intervals) so no test waits for a wall-clock minute.

const it = test.extend("jobsDatabase", { scope: "file", auto: true }, async ({ sandbox }, { onCleanup }) => {
  void sandbox; // the sandbox's configuration first, then this file's own database for the app
  const database = await ownDatabase();
  process.env.DATABASE_URL = database.urls.appUrl;
  process.env.JOBS_ENABLED = "true";
  // The mail jobs start only with a mail server configured; nothing is sent here (no mail is queued).
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
  onCleanup(async () => {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
    await database.drop();
  });
  return database;
});

// The mail outbox and webhook deliveries have no schedule: each row's job is due at its own time (docs/adr/0243).
const EVERY_MINUTE = [OVERVIEW_QUEUES.sweep, MONTH_CLOSE_QUEUES.reread, AUDIT_TRAIL_QUEUES.chain];

describe("the process's schedules", () => {
  it("are all ten registered by the jobs' start, and the every-minute ones run within 10 s, each run logged", async ({
    jobsDatabase,
  }) => {
    const log = captureLog();
    const { getBoss } = await import("@/lib/jobs/boss");
    await getBoss({ cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
    const { startJobsIfEnabled } = await import("./jobs");
    await startJobsIfEnabled();

    const app = new pg.Client({ connectionString: jobsDatabase.urls.appUrl });
    await app.connect();
    try {
      const { rows } = await app.query<{ name: string; cron: string; timezone: string }>(
        "SELECT name, cron, timezone FROM pgboss.schedule",
      );
      expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
        [
          ...EVERY_MINUTE.map((name) => ({ name, cron: "* * * * *", timezone: "UTC" })),
          { name: REMINDER_QUEUES.reminders, cron: "5 * * * *", timezone: "UTC" },
          { name: ACCOUNTING_QUEUES.keepAlive, cron: "17 * * * *", timezone: "UTC" },
          { name: MAIL_QUEUES.digest, cron: "0 7 * * *", timezone: "Europe/Berlin" },
          { name: PAYROLL_QUEUES.referenceLists, cron: "41 3 * * *", timezone: "UTC" },
          { name: SIGN_IN_QUEUES.sweep, cron: "*/10 * * * *", timezone: "UTC" },
          { name: AUDIT_TRAIL_QUEUES.checkpoint, cron: "30 2 * * *", timezone: "Europe/Berlin" },
          { name: ERASURE_QUEUES.erase, cron: "15 3 * * *", timezone: "Europe/Berlin" },
        ].sort((a, b) => a.name.localeCompare(b.name)),
      );
    } finally {
      await app.end();
    }

    const runs = () => log.records().filter((line) => line.msg === "jobs: scheduled run");
    await vi.waitFor(
      () => {
        for (const name of EVERY_MINUTE) expect(runs().some((line) => line.queue === name)).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );
    // What the runs did (the month close's sweep of stale Transfers among it) is the app's role's to do.
    const rereadRun = String(runs().find((line) => line.queue === MONTH_CLOSE_QUEUES.reread)!.jobId);
    await vi.waitFor(
      async () =>
        expect((await (await getBoss()).getJobById(MONTH_CLOSE_QUEUES.reread, rereadRun))?.state).toBe("completed"),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    expect(log.records().filter((line) => line.level === "error" && String(line.msg).startsWith("jobs:"))).toEqual([]);
  });
});
