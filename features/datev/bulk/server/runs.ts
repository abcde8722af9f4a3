import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { recordAudit } from "@/lib/audit/server/record";
import { recordExport } from "@/features/records/server/access-log/record";
import type { MonthActor } from "@/features/month-close/server/audit";
import { holdsRole } from "@/features/month-close/states";
import { DATEV_QUEUES } from "../../queues";
import type { BulkExportInput, BulkItemResult, BulkRun } from "../schemas";
import { wakeBulkExportWorker, type BulkExportJob } from "./jobs";

/**
 * A bulk export's run as the routes see it: started (its row and its job in one commit, one run
 * per request key, so a double click or a retried request answers the same run), read back, and
 * its ZIP. Only the person's workspace's runs are found (404 otherwise).
 */

export async function startBulkExport(
  actor: MonthActor,
  input: BulkExportInput,
): Promise<{ id: string; state: string }> {
  if (!holdsRole(actor.roles, "transfer"))
    throw new ApiError("forbidden", "Your roles in this workspace do not take the month's last step.");
  const db = getDb();
  const key = { workspaceId_requestKey: { workspaceId: actor.workspaceId, requestKey: input.requestKey } };
  const existing = await db.datevBulkExport.findUnique({ where: key, select: { id: true, state: true } });
  if (existing) return existing;
  try {
    const run = await db.$transaction(async (tx) => {
      const run = await tx.datevBulkExport.create({
        data: {
          workspaceId: actor.workspaceId,
          userId: actor.userId,
          userName: actor.name,
          requestKey: input.requestKey,
          months: input.months,
        },
        select: { id: true, state: true },
      });
      await sendInTransaction(tx, DATEV_QUEUES.bulkExport, { bulkExportId: run.id } satisfies BulkExportJob);
      return run;
    });
    wakeBulkExportWorker();
    return run;
  } catch (error) {
    // Two requests with one key at once: the second's insert meets the first's row.
    const raced = await db.datevBulkExport.findUnique({ where: key, select: { id: true, state: true } });
    if (raced) return raced;
    throw error;
  }
}

async function runOf(workspaceId: string, id: string) {
  const run = await getDb().datevBulkExport.findFirst({ where: { id, workspaceId } });
  if (!run) throw new ApiError("not_found", "No such DATEV export in this workspace.");
  return run;
}

export async function bulkRun(workspaceId: string, id: string): Promise<BulkRun> {
  const run = await runOf(workspaceId, id);
  const results = (Array.isArray(run.results) ? run.results : []) as (BulkItemResult | null)[];
  return {
    id: run.id,
    state: run.state as BulkRun["state"],
    total: Array.isArray(run.months) ? run.months.length : 0,
    results: results.filter((result): result is BulkItemResult => result !== null),
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    zipSha256: run.zipSha256,
  };
}

/** The run's ZIP (409 while it runs), its download recorded in the trail. */
export async function bulkZipOf(actor: MonthActor, id: string) {
  const run = await runOf(actor.workspaceId, id);
  if (run.state !== "done" || !run.zip || !run.zipSha256)
    throw new ApiError("conflict", "This DATEV export is still running: its ZIP comes when every month is done.");
  const results = (Array.isArray(run.results) ? run.results : []) as (BulkItemResult | null)[];
  const exportIds = results.flatMap((result) => (result?.exportId ? [result.exportId] : []));
  const files = await getDb().datevExport.findMany({
    where: { id: { in: exportIds }, connection: { workspaceId: actor.workspaceId } },
    select: { companyId: true, period: true, employeeIds: true },
  });
  await getDb().$transaction(async (tx) => {
    // Each month's file in the ZIP is a copy of its employees' pay leaving the system (issue #38 §4).
    for (const file of files)
      await recordExport({ workspaceId: actor.workspaceId, actorId: actor.userId, kind: "datev_export", ...file }, tx);
    await recordAudit(tx, actor, {
      kind: "datev.bulk_export_download",
      subjectId: run.id,
      details: { bulkExportId: run.id, zipSha256: run.zipSha256 },
    });
  });
  const day = run.createdAt.toISOString().slice(0, 10);
  return { bytes: run.zip, sha256: run.zipSha256, fileName: `DATEV_Export_${day}_${run.id.slice(0, 8)}.zip` };
}
