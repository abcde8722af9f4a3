import "server-only";
import { getSqlPool } from "@/lib/db/client";
import { requestDuration } from "@/lib/metrics/http-requests";
import { registerJobsGauges } from "@/lib/metrics/server/jobs-gauges";
import { registerProcessGauges } from "@/lib/metrics/server/process-gauges";
import { collectProcessDefaults, metricsRegistry } from "@/lib/metrics/registry";
import { scrapedGauge, sharedRead } from "@/lib/metrics/server/scraped-gauge";
import { registerUpstreamMetrics } from "@/lib/metrics/upstream";
import { firmFigures } from "@/features/reminders/server/firm-figures";
import { FEATURES } from "./features";

/**
 * The metrics of a process's operations port (`/metrics`, docs/metrics.md, docs/adr/0255-metrics.md):
 * every process its own (requests, upstream calls, pool, streams, readiness, Node's); a process that
 * runs jobs (the worker, `npm start`'s one process) also the database's: queues, schedules, the
 * request budget, the features' backlogs and the firm's months, so N web processes do not each
 * count them. Composed here because the backlogs come from the features' manifests and the firm's
 * figures from the reminders' deadline settings.
 */

/** The features' backlogs as metrics, by name (features/<f>/feature.ts `jobs.backlogs`). */
const BACKLOGS = Object.entries(
  Object.assign(
    {},
    ...FEATURES.map((feature) => ("jobs" in feature && "backlogs" in feature.jobs ? feature.jobs.backlogs : {})),
  ) as Record<string, () => Promise<{ due: number; oldestDueSeconds: number }>>,
);

/** The firm's figures are asked at most twice a minute: they change with people's work, not by the second. */
const FIRM_CACHE_MS = 30_000;

let registered = false;

/**
 * Registers the process's metrics, once: `web` for a web process (its requests' durations, which
 * server.ts records), `jobs` where jobs run (the database's gauges).
 */
export function registerProcessMetrics(ready: () => Promise<boolean>, kind: { web: boolean; jobs: boolean }): void {
  if (registered) return;
  registered = true;
  collectProcessDefaults();
  if (kind.web) requestDuration();
  registerUpstreamMetrics();
  registerProcessGauges(ready);
  if (!kind.jobs) return;
  registerJobsGauges(getSqlPool);
  registerBacklogGauges();
  registerFirmGauges();
}

function registerBacklogGauges(): void {
  const backlogs = sharedRead(() =>
    Promise.all(BACKLOGS.map(async ([backlog, figures]) => ({ backlog, ...(await figures()) }))),
  );
  scrapedGauge({
    name: "ledgerlane_backlog_due",
    help: "Rows of each delivery backlog due now and not taken (mail_outbox: messages, webhook_deliveries: deliveries).",
    labelNames: ["backlog"],
    read: async () => (await backlogs()).map(({ backlog, due }) => ({ labels: { backlog }, value: due })),
  });
  scrapedGauge({
    name: "ledgerlane_backlog_oldest_due_age_seconds",
    help: "How long the oldest due row of each delivery backlog has been due (0: none).",
    labelNames: ["backlog"],
    read: async () =>
      (await backlogs()).map(({ backlog, oldestDueSeconds }) => ({ labels: { backlog }, value: oldestDueSeconds })),
  });
}

function registerFirmGauges(): void {
  let cached: { at: number; value: ReturnType<typeof firmFigures> } | undefined;
  const firm = () => {
    if (!cached || performance.now() - cached.at > FIRM_CACHE_MS) {
      const value = firmFigures();
      cached = { at: performance.now(), value };
      value.catch(() => (cached = undefined));
    }
    return cached.value;
  };
  scrapedGauge({
    name: "ledgerlane_payroll_months",
    help: "Payroll months of connected companies in each month-close state (the months with a month-close row).",
    labelNames: ["state"],
    read: async () =>
      Object.entries((await firm()).monthsByState).map(([state, months]) => ({ labels: { state }, value: months })),
  });
  scrapedGauge({
    name: "ledgerlane_payroll_months_past_cut_off",
    help: "Payroll months past the firm's cut-off and not yet submitted (Open or Handed in).",
    read: async () => [{ value: (await firm()).monthsPastCutOff }],
  });
  scrapedGauge({
    name: "ledgerlane_next_contribution_statement_days",
    help: "Days from today (Europe/Berlin) to the nearest last day to send a contribution statement, over the companies' Lands.",
    read: async () => [{ value: (await firm()).daysToNextContributionStatement }],
  });
}

/** `/metrics`: the registry in Prometheus's text format. */
export async function metricsResponse(): Promise<Response> {
  const registry = metricsRegistry();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType } });
}
