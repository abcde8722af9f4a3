import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { workEach } from "@/lib/jobs/work-each";
import { DATEV_QUEUES } from "../../queues";
import { runBulkExport } from "./run";

export interface BulkExportJob {
  bulkExportId: string;
}

/** This process's worker of the queue, once started (null in a process that works no jobs). */
let worker: string | null = null;

/** The bulk export's worker in this process: one run at a time per process, each run's months side by side (./run.ts). */
export async function startDatevJobs(): Promise<void> {
  const boss = await getBoss();
  worker = await workEach<BulkExportJob>(
    boss,
    DATEV_QUEUES.bulkExport,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    (data) => runBulkExport(data.bulkExportId),
  );
}

/**
 * Wakes this process's worker for a run just committed (./runs.ts), so it is taken at once rather
 * at the next poll (up to a second later); a process that works no jobs leaves it to the poll.
 */
export function wakeBulkExportWorker(): void {
  if (!worker) return;
  const id = worker;
  void getBoss()
    .then((boss) => boss.notifyWorker(id))
    .catch(() => undefined);
}
