import "server-only";
import type pg from "pg";
import { SCHEMA } from "@/lib/jobs/boss";
import { cronPeriodMs } from "@/lib/jobs/cron-period";
import { registeredSchedules } from "@/lib/jobs/schedule-runs";
import { BUDGET_WINDOW_MS, budgetConfigFromEnv } from "@/lib/http/server/upstream-budget";
import { scrapedGauge, sharedRead, type Sample } from "./scraped-gauge";

/**
 * The gauges of a process that runs jobs (the worker; `npm start`'s one process): pg-boss's
 * queues, the schedules' last runs and the request budget's use, read from the database when
 * scraped (./scraped-gauge.ts). They describe the database, not the process: on the workers only,
 * so N web processes do not each count (docs/metrics.md). Every label is bounded: queues and
 * schedules are the app's own, credentials the most used few of the current minute.
 */

type Db = Pick<pg.Pool, "query">;

/** The most credentials the budget gauge names per scrape: the most used ones of the minute. */
export const BUDGET_CREDENTIALS_SHOWN = 20;

interface QueueRow {
  queue: string;
  queued: number;
  active: number;
  oldest_seconds: number | null;
}

/** Per queue of pg-boss (its `queue` table: the app's queues only): jobs waiting, running, and the oldest due one's wait. */
export async function queueFigures(db: Db): Promise<QueueRow[]> {
  const { rows } = await db.query<QueueRow>(
    `SELECT q.name AS queue,
       count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS queued,
       count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
       extract(epoch FROM now() - min(j.created_on) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now()))::float8 AS oldest_seconds
     FROM ${SCHEMA}.queue q
     LEFT JOIN ${SCHEMA}.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
     GROUP BY q.name ORDER BY q.name LIMIT 200`,
  );
  return rows;
}

/** The last run of each schedule this process registered (job_schedule_runs), with its period. */
export async function scheduleFigures(
  db: Db,
): Promise<{ queue: string; periodSeconds: number; lastRunSeconds?: number }[]> {
  const schedules = registeredSchedules();
  if (schedules.size === 0) return [];
  const { rows } = await db.query<{ queue: string; last_run_at: Date }>(
    "SELECT queue, last_run_at FROM job_schedule_runs WHERE queue = ANY($1::text[])",
    [[...schedules.keys()]],
  );
  const lastRuns = new Map(rows.map((row) => [row.queue, row.last_run_at.getTime() / 1000]));
  return [...schedules].map(([queue, { cron }]) => ({
    queue,
    periodSeconds: cronPeriodMs(cron) / 1000,
    lastRunSeconds: lastRuns.get(queue),
  }));
}

/** The current minute's use of the request budget, per service and credential (a digest or a row id, never a secret), most used first. */
export async function budgetFigures(db: Db): Promise<{ service: string; credential: string; ratio: number }[]> {
  const limits: Record<string, number> = budgetConfigFromEnv().perWindow;
  const { rows } = await db.query<{ service: string; credential: string; used: number }>(
    `SELECT service, credential, used FROM upstream_budget_windows
     WHERE window_start <= clock_timestamp() AND window_start > clock_timestamp() - $1 * interval '1 millisecond'
     ORDER BY used DESC LIMIT $2`,
    [BUDGET_WINDOW_MS, BUDGET_CREDENTIALS_SHOWN],
  );
  return rows.map((row) => ({ ...row, ratio: limits[row.service] ? row.used / limits[row.service]! : 0 }));
}

export function registerJobsGauges(db: () => Db): void {
  const queues = sharedRead(() => queueFigures(db()));
  const perQueue = (value: (row: QueueRow) => number | null) => async () =>
    (await queues()).map((row) => ({ labels: { queue: row.queue }, value: value(row) ?? 0 }));
  scrapedGauge({
    name: "ledgerlane_job_queue_depth",
    help: "Jobs waiting in each pg-boss queue (created or to retry, due or not).",
    labelNames: ["queue"],
    read: perQueue((row) => row.queued),
  });
  scrapedGauge({
    name: "ledgerlane_job_queue_active",
    help: "Jobs of each pg-boss queue a worker runs now.",
    labelNames: ["queue"],
    read: perQueue((row) => row.active),
  });
  scrapedGauge({
    name: "ledgerlane_job_queue_oldest_age_seconds",
    help: "How long the oldest due job of each pg-boss queue has waited since it was created (0: none due).",
    labelNames: ["queue"],
    read: perQueue((row) => row.oldest_seconds),
  });

  const schedules = sharedRead(() => scheduleFigures(db()));
  scrapedGauge({
    name: "ledgerlane_job_schedule_last_run_timestamp_seconds",
    help: "When each schedule last ran (Unix time; job_schedule_runs), for the schedules the process registered that ran.",
    labelNames: ["queue"],
    read: async () =>
      (await schedules()).flatMap(({ queue, lastRunSeconds }): Sample<"queue">[] =>
        lastRunSeconds === undefined ? [] : [{ labels: { queue }, value: lastRunSeconds }],
      ),
  });
  scrapedGauge({
    name: "ledgerlane_job_schedule_period_seconds",
    help: "The period of each schedule the process registered (its cron's longest gap).",
    labelNames: ["queue"],
    read: async () =>
      (await schedules()).map(({ queue, periodSeconds }) => ({ labels: { queue }, value: periodSeconds })),
  });

  const budget = sharedRead(() => budgetFigures(db()));
  scrapedGauge({
    name: "ledgerlane_upstream_budget_used_ratio",
    help: `Share of the current minute's request budget used, per service and credential (the ${BUDGET_CREDENTIALS_SHOWN} most used; never a secret).`,
    labelNames: ["service", "credential"],
    read: async () =>
      (await budget()).map(({ service, credential, ratio }) => ({ labels: { service, credential }, value: ratio })),
  });
}
