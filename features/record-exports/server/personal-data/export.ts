import "server-only";
import { createHash } from "node:crypto";
import { recordAudit } from "@/lib/audit/server/record";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { recordExport } from "@/features/records/server/access-log/record";
import { collectPersonalData, holdsAnything } from "./collect";
import { personalDataZip } from "./files";
import type { ExportFile } from "../tax-audit/export";

/**
 * An employee's personal data (Art. 15 GDPR; docs/adr/0286-personal-data-export.md): everything
 * held about them as a ZIP, for an owner (the route's payroll access asks `payroll.manage`). The
 * access log and the audit trail record it (with the ZIP's SHA-256) before the file is handed out.
 * `service`: the payroll service's record of the employee (null when it lists none or did not answer).
 */
export async function personalDataExport(
  actor: { workspaceId: string; userId: string; name: string | null },
  scope: { connectionId: string; company: { id: number; name1: string } },
  employeeId: number,
  service: unknown,
): Promise<ExportFile> {
  const { workspaceId, userId } = actor;
  const companyId = scope.company.id;
  const data = await collectPersonalData({ workspaceId, connectionId: scope.connectionId, companyId }, employeeId);
  // An id that neither the service nor any record knows is no employee of this company.
  if (service === null && !holdsAnything(data)) throw new ApiError("not_found");
  const workspace = await getDb().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
  const exportedAt = now();
  const bytes = personalDataZip({
    ...data,
    service,
    exportedAt,
    workspace: workspace.name,
    company: scope.company.name1,
  });
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  await getDb().$transaction(async (tx) => {
    await recordExport(
      { workspaceId, actorId: userId, kind: "personal_data_export", companyId, employeeIds: [employeeId] },
      tx,
    );
    await recordAudit(tx, actor, {
      kind: "records.personal_data_export",
      companyId,
      details: { employeeId, sha256 },
    });
  });
  const day = exportedAt.toISOString().slice(0, 10);
  return { fileName: `personal-data-${companyId}-${employeeId}-${day}.zip`, bytes, sha256 };
}
