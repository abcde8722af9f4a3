import "server-only";
import PgBoss from "pg-boss";
import { serverEnv } from "@/lib/env/server";
import { inBackground } from "@/lib/http/server/upstream-priority";
import { recordScheduledRun, registerSchedule } from "./schedule-runs";
import { withoutLogContext } from "@/lib/log/context";
import { log } from "@/lib/log/logger";
import { carryTraceContext } from "@/lib/telemetry/job-context";
import { tracing } from "@/lib/telemetry/hooks";
import { inJobLogContext } from "./job-log";

/**
 * The durable job queue (pg-boss 10, tables in the `pgboss` schema of the app's
 * database). Every app process starts one; pg-boss hands each job to one
 * worker and runs each schedule once, however many processes there are.
 * The schema and the queues (the features' own, lib/jobs/queues.ts) are made by the migration step, as the
 * migration role: the app's role may not create or alter tables (`migrate: false`).
 */
export const SCHEMA = "pgboss";
const holder = globalThis as { __boss?: Promise<PgBoss>; __bossState?: BossState };

/** Where this process's pg-boss (getBoss) is: what readiness reports (lib/health). */
export type BossState = "not started" | "starting" | "started" | { failed: string };

/**
 * How every app process starts pg-boss. Its schedules' monitor and worker run at pg-boss's
 * defaults (every 30 s, and a schedule fires once a minute at most); a test starts pg-boss with
 * these options and shorter intervals (`startBoss({ ...appBossOptions(url), cronMonitorIntervalSeconds: 1 })`).
 */
export function appBossOptions(connectionString: string): PgBoss.ConstructorOptions {
  return { connectionString, schema: SCHEMA, migrate: false, max: 3, application_name: "ledgerlane-jobs" };
}

/** pg-boss started with `options`, its workers run as background work and its scheduled runs logged. */
export async function startBoss(options: PgBoss.ConstructorOptions): Promise<PgBoss> {
  const boss = new PgBoss(options);
  // pg-boss's own failures (its polling, its maintenance) name their queue when they have one.
  boss.on("error", (error: Error & { queue?: string }) =>
    log.error({ err: error, queue: error.queue }, "jobs: pg-boss failed"),
  );
  markScheduledRuns(boss);
  carryTraceContext(boss);
  runWorkersInBackground(boss);
  await boss.start();
  return boss;
}

/** The schedules' monitor and worker intervals and the maintenance's (which hands a dead process's jobs out again): pg-boss's defaults unless a test shortens them. */
type CronIntervals = Pick<
  PgBoss.ConstructorOptions,
  "cronMonitorIntervalSeconds" | "cronWorkerIntervalSeconds" | "maintenanceIntervalSeconds"
>;

/**
 * This process's pg-boss, started on first use; `intervals` count only for the call that starts it.
 * A process without jobs (JOBS_ENABLED=false: the web processes of a deployment, `npm run serve`)
 * starts it send-only: it queues jobs, and runs no schedule and no maintenance, which are the
 * workers' (worker.ts).
 */
export function getBoss(intervals: CronIntervals = {}): Promise<PgBoss> {
  if (!holder.__boss) {
    holder.__bossState = "starting";
    const { DATABASE_URL, JOBS_ENABLED } = serverEnv();
    // Outside the log context of the request that first needs a job: pg-boss's timers would keep it for ever.
    const starting = withoutLogContext(() =>
      startBoss({
        ...appBossOptions(DATABASE_URL),
        ...(JOBS_ENABLED ? {} : { schedule: false, supervise: false }),
        ...intervals,
      }),
    );
    holder.__boss = starting;
    starting.then(
      () => {
        if (holder.__boss === starting) holder.__bossState = "started";
      },
      (error: unknown) => {
        if (holder.__boss === starting) holder.__bossState = { failed: (error as Error).message };
      },
    );
  }
  return holder.__boss;
}

export function bossState(): BossState {
  return holder.__bossState ?? "not started";
}

/** How long a stop waits for running jobs before handing them back: within server.ts's 3 s bound. */
const STOP_GRACE_MS = 2_000;

/**
 * Stops this process's pg-boss (a graceful stop: server.ts, through the hook instrumentation.ts
 * registers): no new jobs are taken, running ones get STOP_GRACE_MS to end, and those still
 * running are handed back. pg-boss fails them (`retry` while retries are left, else `failed`)
 * rather than leave them `active` until they expire; their retry is made due at once, so another
 * process takes them now rather than after the queue's retry delay.
 */
export async function stopBoss(): Promise<void> {
  const running = holder.__boss;
  holder.__boss = undefined;
  holder.__bossState = undefined;
  const boss = await running?.catch(() => undefined);
  if (!boss) return;
  await boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS, close: false });
  const db = boss.getDb() as PgBoss.Db & { close(): Promise<void> };
  const left = [...(activeJobs.get(boss) ?? [])];
  try {
    if (left.length)
      await db.executeSql(
        `UPDATE ${SCHEMA}.job SET start_after = now() WHERE id = ANY($1::uuid[]) AND state = 'retry'`,
        [left],
      );
  } finally {
    await db.close();
  }
}

/** The ids of the jobs each pg-boss's workers are running now (what a stop may have to hand back). */
const activeJobs = new WeakMap<PgBoss, Set<string>>();

/** The mark a schedule's jobs carry in their data (the schedule's cron), so their runs can be told and logged. */
const SCHEDULED = "scheduledBy";

/**
 * Every schedule's job carries its cron in its data (`scheduledBy`): no worker of a scheduled
 * queue reads its job's data, and a job sent by hand to the same queue (a re-read's wake-up, a
 * outbox row's job) carries none, so the log tells the schedule's runs apart.
 */
function markScheduledRuns(boss: PgBoss): void {
  const schedule = boss.schedule.bind(boss);
  boss.schedule = ((name: string, cron: string, data?: object | null, options?: PgBoss.ScheduleOptions) => {
    registerSchedule(name, cron);
    return schedule(name, cron, { ...(data ?? {}), [SCHEDULED]: cron }, options);
  }) as typeof boss.schedule;
}

/** A job of a schedule (not one sent by hand to the same queue). */
const isScheduledRun = (job: PgBoss.Job) => Boolean(job.data && typeof job.data === "object" && SCHEDULED in job.data);

/** One line per scheduled run, as it starts (its queue, job id and attempt are the line's context). */
function logScheduledRun(job: PgBoss.Job): void {
  if (isScheduledRun(job))
    log.info({ schedule: (job.data as Record<string, unknown>)[SCHEDULED] }, "jobs: scheduled run");
}

/**
 * Every job's upstream requests are background work (lib/http/server/upstream-priority.ts): they
 * leave the reserve of each request budget to people and wait for the next window rather than
 * fail. Done here, where every worker is registered, so no job can forget it; here too each
 * running job is known (for a stop to hand back), each scheduled run logged and, once it ended,
 * recorded for readiness (./schedule-runs.ts), and every line a job
 * logs carries its queue, id and attempt (./job-log.ts; the jobs are fetched with their metadata
 * for the attempt).
 */
export function runWorkersInBackground(boss: PgBoss): void {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const active = activeJobs.get(boss) ?? new Set<string>();
  activeJobs.set(boss, active);
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as (jobs: unknown) => Promise<unknown>;
    const options = (rest.pop() as PgBoss.WorkOptions | undefined) ?? {};
    return work(name, { ...options, includeMetadata: true }, async (jobs: PgBoss.JobWithMetadata[]) =>
      inJobLogContext(name, jobs, async () => {
        for (const job of jobs) logScheduledRun(job);
        const runs = jobs.filter(isScheduledRun).map((job) => job.id);
        const ids = jobs.map((job) => job.id);
        for (const id of ids) active.add(id);
        try {
          return await inBackground(() => tracing().jobBatch(name, jobs, () => handler(jobs)));
        } finally {
          for (const id of ids) active.delete(id);
          // Once it ended (done or failed), for readiness (./schedule-runs.ts).
          for (const run of runs) await recordScheduledRun(boss, name, run);
        }
      }),
    );
  }) as typeof boss.work;
}
