import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { OVERVIEW_QUEUES } from "@/features/overview/queues";
import { listenForMonthChanges } from "./changes";
import { dueConnections, recheckStale, refreshConnection } from "./refresh";
import { log } from "@/lib/log/logger";

/**
 * The overview's jobs (queues in ../queues.ts):
 * - `overview-refresh`: one job per payroll connection (`{ connectionId }`, singleton per
 *   connection: one queued and one running at most), reading its companies and each company's
 *   employees from the service and checking their months (./refresh.ts `refreshConnection`);
 * - a change of a company's month (its drafts, month-close row, acknowledgements), heard through
 *   Postgres (./changes.ts), checks that company again at once, without the service;
 * - `overview-sweep`, every minute (pg-boss runs a schedule once across processes): checks again
 *   the companies whose drafts, month, acknowledgements or settings changed since (no call to the
 *   service), and queues a refresh of each connection that is due (./refresh.ts).
 */

interface RefreshJob {
  connectionId: string;
}

/** Queues a refresh of each connection (one per connection at most waiting); returns how many were queued. */
export async function enqueueRefresh(connectionIds: readonly string[]): Promise<number> {
  if (connectionIds.length === 0) return 0;
  const boss = await getBoss();
  let queued = 0;
  for (const connectionId of connectionIds) {
    const id = await boss.send(OVERVIEW_QUEUES.refresh, { connectionId } satisfies RefreshJob, {
      singletonKey: connectionId,
    });
    if (id) queued += 1;
  }
  return queued;
}

/** The sweep's work: stale counts checked again, due connections queued. */
export async function sweepOverview(): Promise<{ rechecked: number; queued: number }> {
  const rechecked = await recheckStale();
  const queued = await enqueueRefresh(await dueConnections());
  return { rechecked, queued };
}

export async function startOverviewJobs(): Promise<void> {
  const boss = await getBoss();
  listenForMonthChanges();
  await boss.schedule(OVERVIEW_QUEUES.sweep, "* * * * *");
  await boss.work(OVERVIEW_QUEUES.sweep, async () => {
    const result = await sweepOverview();
    if (result.queued)
      log.info(
        { queued: result.queued, rechecked: result.rechecked },
        "jobs: overview refreshes queued, companies checked again",
      );
  });
  // Two workers per process: two connections refresh side by side (each keeps to its own key's budget).
  for (let worker = 0; worker < 2; worker += 1) {
    await boss.work<RefreshJob>(OVERVIEW_QUEUES.refresh, { batchSize: 1, pollingIntervalSeconds: 2 }, async (jobs) => {
      for (const job of jobs) {
        const result = await refreshConnection(job.data.connectionId);
        if (result.error && result.error !== "not connected")
          log.warn({ error: result.error }, "jobs: overview refresh of a connection failed");
      }
    });
  }
}
