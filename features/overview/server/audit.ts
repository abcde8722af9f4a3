import "server-only";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import type { Prisma } from "@/lib/db/generated/client";

/** The overview's one writer of the audit trail, in the transaction of the change it records. */

/** A company's assignees changed: who was added and who removed (ids with the names they had). */
export async function auditAssignees(
  tx: Prisma.TransactionClient,
  actor: AuditActor,
  change: {
    connectionId: string;
    companyId: number;
    added: { id: string; name: string }[];
    removed: { id: string; name: string }[];
  },
): Promise<void> {
  await recordAudit(tx, actor, {
    kind: "company.assignees",
    companyId: change.companyId,
    subjectId: change.connectionId,
    details: { added: change.added, removed: change.removed },
  });
}
