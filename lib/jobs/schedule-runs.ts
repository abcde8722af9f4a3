import "server-only";
import type PgBoss from "pg-boss";
import { now } from "@/lib/clock";
import { log } from "@/lib/log/logger";
import { cronPeriodMs } from "./cron-period";

/**
 * The schedules' runs, for readiness (`/api/ready` on a process that runs jobs): which schedules
 * this process registered (and since when), and when each last ran, kept in the app's table
 * `job_schedule_runs` by whichever process worked the run (pg-boss's archive is pruned and is
 * pg-boss's, not the app's). A schedule is late once it is due and has not run within twice its
 * period (docs/adr/0251-health-and-readiness.md). Both are filled by lib/jobs/boss.ts, the one place
 * that wraps `schedule` and every worker, so no feature can forget them.
 */

export interface RegisteredSchedule {
  cron: string;
  /** When this process registered it, on the app's clock: before its first fire time since, it is not yet due. */
  since: Date;
}

const holder = globalThis as { __ledgerlaneSchedules?: Map<string, RegisteredSchedule> };

function registry(): Map<string, RegisteredSchedule> {
  holder.__ledgerlaneSchedules ??= new Map();
  return holder.__ledgerlaneSchedules;
}

/** A schedule this process registered (`boss.schedule`); a second registration keeps the first's time. */
export function registerSchedule(queue: string, cron: string): void {
  const known = registry().get(queue);
  registry().set(queue, { cron, since: known?.since ?? now() });
}

/** The schedules this process registered, by queue. */
export function registeredSchedules(): ReadonlyMap<string, RegisteredSchedule> {
  return registry();
}

/**
 * Notes that a scheduled run of `queue` ended (done or failed: it ran), through the pg-boss that
 * ran it, so on its database. A failure to note it is logged, never the job's failure.
 */
export async function recordScheduledRun(boss: PgBoss, queue: string, jobId: string): Promise<void> {
  try {
    await boss.getDb().executeSql(
      `INSERT INTO job_schedule_runs (queue, last_run_at, last_job_id) VALUES ($1, $2, $3)
       ON CONFLICT (queue) DO UPDATE SET last_run_at = EXCLUDED.last_run_at, last_job_id = EXCLUDED.last_job_id
       WHERE job_schedule_runs.last_run_at <= EXCLUDED.last_run_at`,
      [queue, now(), jobId],
    );
  } catch (error) {
    log.error({ err: error, queue, jobId }, "jobs: a scheduled run not recorded");
  }
}

/** "90 s", "3 min", "5 h", "2 days": how long ago, as readiness's reasons say it. */
export function spoken(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

/**
 * The late schedules' reasons, e.g. "schedule overview-sweep last ran 3 min ago (every 1 min)".
 * Pure. A schedule's first fire time after its registration lies within one period of it, so one
 * registered less than twice its period ago is never late (not yet due, or just due); after that it
 * must have run within twice its period.
 */
export function lateSchedules(
  schedules: ReadonlyMap<string, RegisteredSchedule>,
  lastRuns: ReadonlyMap<string, Date>,
  at: Date,
): string[] {
  const reasons: string[] = [];
  for (const [queue, { cron, since }] of [...schedules].sort(([a], [b]) => a.localeCompare(b))) {
    const period = cronPeriodMs(cron);
    const lastRun = lastRuns.get(queue);
    const reference = Math.max(lastRun?.getTime() ?? -Infinity, since.getTime());
    if (at.getTime() - reference <= 2 * period) continue;
    const every = `(every ${spoken(period)})`;
    reasons.push(
      lastRun
        ? `schedule ${queue} last ran ${spoken(at.getTime() - lastRun.getTime())} ago ${every}`
        : `schedule ${queue} has not run in the ${spoken(at.getTime() - since.getTime())} since it was registered ${every}`,
    );
  }
  return reasons;
}
