import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { appBossOptions, startBoss } from "./boss";
import { OVERVIEW_QUEUES } from "@/features/overview/queues";
import { captureLog } from "@/lib/log/testing/capture";

// pg-boss's schedules as production runs them: started as the app does (appBossOptions), as the
// app's role (no DDL), on a database migrated as production's is, with only the schedule
// monitor's and worker's intervals shortened (1 s instead of 30 s) so a `* * * * *` schedule
// fires within seconds, not at the next wall-clock minute. A database of the file's own: another
// file's pg-boss would otherwise run this file's schedule.

let database: Awaited<ReturnType<typeof ownDatabase>>;
let boss: PgBoss | undefined;
beforeAll(async () => {
  database = await ownDatabase();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await database.drop();
});

describe("pg-boss's schedules, as the app's role", () => {
  it("run a `* * * * *` schedule within 10 s, and log the run with its queue, job id and attempt", async () => {
    const log = captureLog();
    boss = await startBoss({
      ...appBossOptions(database.urls.appUrl),
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    const ran = new Promise<string>((resolve) => {
      void boss!.work(OVERVIEW_QUEUES.sweep, { pollingIntervalSeconds: 1 }, async ([job]) => resolve(job!.id));
    });
    await boss.schedule(OVERVIEW_QUEUES.sweep, "* * * * *");
    const jobId = await Promise.race([
      ran,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("the schedule did not run within 10 s")), 10_000).unref(),
      ),
    ]);
    expect(log.records()).toContainEqual(
      expect.objectContaining({
        level: "info",
        msg: "jobs: scheduled run",
        queue: OVERVIEW_QUEUES.sweep,
        jobId,
        attempt: 1,
        schedule: "* * * * *",
      }),
    );
    // The timekeeper's own statements (the cron time in pgboss.version, the schedules) are the app role's to run.
    expect(log.records().filter((line) => line.level === "error" && String(line.msg).startsWith("jobs:"))).toEqual([]);
  });
});
