import "server-only";
import { runDueRereads } from "@/lib/month-close/server/rereads";
import { runTransferJob } from "@/lib/month-close/server/transfer-job";
import { renewIdleConnections } from "./accounting-jobs";
import { QUEUES } from "./queues";
import { runQueuedTransfers } from "./month-close-jobs";

/**
 * What each scheduled job does, by its queue's name, for tests that run a job at once
 * (`POST /api/test/jobs/<name>`, only with TEST_CONTROLS=true): a test moves the clock
 * (lib/clock) and runs the job instead of waiting for pg-boss to start it. The same functions
 * are the jobs' work when pg-boss runs them.
 */
const RUNNABLE: Record<string, () => Promise<unknown>> = {
  [QUEUES.keepAlive]: () => renewIdleConnections(),
  [QUEUES.monthCloseReread]: () => runDueRereads(),
  // The queued Transfers, now, in this process (a worker may have taken some already).
  [QUEUES.monthCloseTransfer]: () => runQueuedTransfers((data) => runTransferJob(data)),
};

export function runnableJobNames(): string[] {
  return Object.keys(RUNNABLE);
}

/** Runs the named job's work now, in this process; null for an unknown name. */
export async function runJobNow(name: string): Promise<{ result: unknown } | null> {
  const job = Object.hasOwn(RUNNABLE, name) ? RUNNABLE[name] : undefined;
  if (!job) return null;
  return { result: await job() };
}
