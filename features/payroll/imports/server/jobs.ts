import "server-only";
import { getDb } from "@/lib/db/client";
import { getBoss } from "@/lib/jobs/boss";
import { PAYROLL_QUEUES } from "@/features/payroll/queues";
import { clientForConnection } from "../../connection/server/connection";
import { runImport, type EngineDeps } from "./engine";
import { referenceSourcesToRefresh, refreshReferenceLists } from "../../employees/server/reference-lists";
import { log } from "@/lib/log/logger";

/** How often a worker process looks for running imports nobody holds (e.g. after a restart). */
const SWEEP_MS = 5_000;
/** An import job may run for hours; its lease, not pg-boss's expiry, decides who works on it. */
const IMPORT_EXPIRY_S = 6 * 60 * 60;

const engineDeps: EngineDeps = {
  clientFor: clientForConnection,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Hands an import to a worker (any app process). */
export async function enqueueImport(importId: string): Promise<void> {
  const boss = await getBoss();
  await boss.send(PAYROLL_QUEUES.imports, { importId }, { expireInSeconds: IMPORT_EXPIRY_S, retryLimit: 0 });
}

/**
 * Queues the import durably, and starts on it in this process at once (the lease makes sure only
 * one worker works on it; the queued job then finds it taken). Saves the queue's polling delay.
 */
export async function startImport(importId: string): Promise<void> {
  await enqueueImport(importId);
  runImport(importId, engineDeps).catch((error: Error) =>
    log.error({ err: error, importId }, "jobs: payroll import failed"),
  );
}

/** Running imports whose worker stopped (lease expired) go back to the queue. */
export async function sweepOrphanedImports(): Promise<number> {
  const orphans = await getDb().payrollImport.findMany({
    where: { status: "running", OR: [{ leaseUntil: null }, { leaseUntil: { lt: new Date() } }] },
    select: { id: true },
    take: 50,
  });
  for (const orphan of orphans) await enqueueImport(orphan.id);
  return orphans.length;
}

export async function startPayrollJobs(): Promise<void> {
  const boss = await getBoss();
  await boss.work<{ importId: string }>(PAYROLL_QUEUES.imports, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await runImport(job.data.importId, engineDeps);
  });
  // The service recommends downloading the health insurance list once a month.
  await boss.schedule(PAYROLL_QUEUES.referenceLists, "41 3 * * *");
  await boss.work(PAYROLL_QUEUES.referenceLists, async () => {
    for (const connectionId of await referenceSourcesToRefresh()) {
      await refreshReferenceLists(await clientForConnection(connectionId));
    }
  });
  await sweepOrphanedImports();
  const timer = setInterval(() => {
    sweepOrphanedImports().catch((error: Error) => log.error({ err: error }, "jobs: payroll import sweep failed"));
  }, SWEEP_MS);
  timer.unref?.();
}
