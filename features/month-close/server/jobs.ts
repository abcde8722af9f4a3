import "server-only";
import { runDueRereads } from "./rereads";
import { takeOverStaleTransfers } from "./stale-transfers";
import type { TransferJobData } from "./transfer-job-data";
import { getBoss } from "@/lib/jobs/boss";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";
import { log } from "@/lib/log/logger";

/**
 * The month close's jobs:
 * - re-reads of the payroll service after a Transfer (features/month-close/server/rereads.ts): one pg-boss job
 *   per read, started after its due time, plus a sweep every minute for any read whose job was
 *   lost. The rows say what is due; a job only runs `runDueRereads`, so two jobs for the same read
 *   do it once.
 * - the Transfer itself (features/month-close/server/transfer-job.ts): the request takes the month's lease and
 *   enqueues; whichever process picks the job up sends. pg-boss retries a job whose process died
 *   (after `expireInSeconds`) or that threw; the month's own lease with its heartbeat decides
 *   whether a retried job may go on (features/month-close/lease.ts). A runner that died without handing
 *   its job back is taken over as soon as its lease is stale, by the every-minute sweep
 *   (./stale-transfers.ts), not after pg-boss's expiry.
 * Both queues are made with the others by the migration step (../queues.ts, named by the manifest).
 */

/** Wakes the re-read job at `dueAt` (the app's clock, lib/clock). */
export async function scheduleRereadWake(dueAt: Date): Promise<void> {
  const boss = await getBoss();
  await boss.send(MONTH_CLOSE_QUEUES.reread, {}, { startAfter: dueAt });
}

/** Enqueues a month's Transfer (its lease already taken by the request). */
export async function enqueueTransfer(data: TransferJobData): Promise<void> {
  const boss = await getBoss();
  await boss.send(MONTH_CLOSE_QUEUES.transfer, data, { singletonKey: data.leaseId });
}

type RunTransfer = (data: TransferJobData) => Promise<unknown>;

/**
 * Runs the queued Transfers now, in this process (tests: `POST /api/test/jobs/month-close-transfer`,
 * instead of waiting for a worker's next poll). A job that throws is failed: pg-boss tries it again.
 */
export async function runQueuedTransfers(run: RunTransfer): Promise<{ ran: number; failed: number }> {
  const boss = await getBoss();
  const jobs = await boss.fetch<TransferJobData>(MONTH_CLOSE_QUEUES.transfer, { batchSize: 20 });
  let failed = 0;
  for (const job of jobs) {
    try {
      await run(job.data);
      await boss.complete(MONTH_CLOSE_QUEUES.transfer, job.id);
    } catch (error) {
      failed += 1;
      await boss.fail(MONTH_CLOSE_QUEUES.transfer, job.id, { message: (error as Error).message });
    }
  }
  return { ran: jobs.length, failed };
}

/** This process's month-close workers; the Transfer's work is handed in by the composition root (./start.ts). */
export async function startMonthCloseJobs(runTransfer: RunTransfer): Promise<void> {
  const boss = await getBoss();
  await boss.schedule(MONTH_CLOSE_QUEUES.reread, "* * * * *");
  await boss.work(MONTH_CLOSE_QUEUES.reread, async () => {
    await takeOverStaleTransfers().catch((error: Error) =>
      log.error({ err: error }, "jobs: stale transfers not checked"),
    );
    const result = await runDueRereads();
    if (result.differences)
      log.info({ differences: result.differences }, "jobs: re-reads found transfers differing from what was sent");
  });
  // Polled every second: the person who pressed Transfer is watching the month's state.
  await boss.work<TransferJobData>(MONTH_CLOSE_QUEUES.transfer, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await runTransfer(job.data);
  });
}
