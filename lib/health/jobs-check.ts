import "server-only";
import { now } from "@/lib/clock";
import { bossState } from "@/lib/jobs/boss";
import { lateSchedules, registeredSchedules } from "@/lib/jobs/schedule-runs";
import type { CheckOutcome, Queryable } from "./checks";

/**
 * This process's jobs run: its pg-boss has started, and no schedule it registered is late (not run
 * within twice its period once due; lib/jobs/schedule-runs.ts), by the runs every process records.
 */
export async function jobsCheck(db: Queryable): Promise<CheckOutcome> {
  const state = bossState();
  if (state === "not started") return "pg-boss is not started";
  if (state === "starting") return "pg-boss is starting";
  if (typeof state === "object") return `pg-boss did not start (${state.failed})`;
  const schedules = registeredSchedules();
  if (schedules.size === 0) return "ok";
  const { rows } = await db.query<{ queue: string; last_run_at: Date }>(
    "SELECT queue, last_run_at FROM job_schedule_runs WHERE queue = ANY($1::text[])",
    [[...schedules.keys()]],
  );
  const late = lateSchedules(schedules, new Map(rows.map((row) => [row.queue, row.last_run_at])), now());
  return late.length === 0 ? "ok" : late.join("; ");
}
