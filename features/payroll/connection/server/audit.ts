import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";

// What the connection records in the trail (read by features/payroll/audit-present.ts).

type Tx = Prisma.TransactionClient;

/** A disconnect: the connection, and what is deleted with it. Call it before the delete, in its transaction. */
/** `payroll.disconnected`: the key is gone; what was kept for the customer stays. */
export async function recordDisconnect(
  tx: Tx,
  actor: AuditActor | null,
  connection: { id: string; username: string; baseUrl: string },
): Promise<void> {
  await recordAudit(tx, actor, {
    kind: "payroll.disconnected",
    subjectId: connection.id,
    details: { username: connection.username, baseUrl: connection.baseUrl },
  });
}

/** `payroll.data_deleted`: what goes with a connection's row ("Delete all payroll data", or another customer replacing it), read before it goes. */
export async function recordDataDeleted(tx: Tx, actor: AuditActor | null, connectionId: string): Promise<void> {
  if (!actor) return;
  const connection = await tx.payrollConnection.findUnique({
    where: { id: connectionId },
    select: {
      id: true,
      username: true,
      _count: { select: { entryDrafts: true, imports: true, entryTransfers: true, drafts: true } },
    },
  });
  if (!connection) return;
  const { username, _count: counts } = connection;
  await recordAudit(tx, actor, {
    kind: "payroll.data_deleted",
    subjectId: connection.id,
    details: {
      username,
      entryDrafts: counts.entryDrafts,
      onboardingDrafts: counts.drafts,
      imports: counts.imports,
      transfers: counts.entryTransfers,
    },
  });
}
