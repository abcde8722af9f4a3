import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { emitEvent } from "@/lib/events/server/emit";

/**
 * The accounting service ended a person's connection (its refresh token was refused): it needs
 * their attention (sign in again). The connection is the person's own, so the event belongs to
 * their personal workspace (else their active one), whose owners (they, as a rule) are told. In
 * the transaction that marks the connection "sign in again", so it is told once per ending.
 */
export async function connectionEnded(
  tx: Prisma.TransactionClient,
  connectionId: string,
  userId: string,
  at: Date,
): Promise<void> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { activeWorkspaceId: true, personalWorkspace: { select: { id: true } } },
  });
  const workspaceId = user?.personalWorkspace?.id ?? user?.activeWorkspaceId;
  if (!workspaceId) return;
  await emitEvent(tx, {
    type: "connection.attention",
    workspaceId,
    occurredAt: at.toISOString(),
    actor: { id: null, name: null },
    connectionKind: "accounting",
    connectionId,
    reason: "invalid_grant",
  });
}
