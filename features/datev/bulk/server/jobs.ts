import "server-only";
import { getBoss } from "@/lib/jobs/boss";
import { workEach } from "@/lib/jobs/work-each";
import { DATEV_QUEUES } from "../../queues";
import { runBulkExport } from "./run";

export interface BulkExportJob {
  bulkExportId: string;
}

/** The bulk export's worker in this process: one run at a time per process, each run's months side by side (./run.ts). */
export async function startDatevJobs(): Promise<void> {
  const boss = await getBoss();
  await workEach<BulkExportJob>(boss, DATEV_QUEUES.bulkExport, { batchSize: 1, pollingIntervalSeconds: 1 }, (data) =>
    runBulkExport(data.bulkExportId),
  );
}
