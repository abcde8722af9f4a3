import "server-only";
import { personName, recordAudit } from "@/lib/audit/server/record";
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;
type WebhookAuditKind = "webhook.added" | "webhook.changed" | "webhook.removed" | "webhook.secret_rotated";

/** Recording an owner's changes to the workspace's webhook endpoints, in the change's transaction (never a secret). */
export async function recordWebhookAudit(
  tx: Tx,
  kind: WebhookAuditKind,
  workspaceId: string,
  actorId: string,
  endpoint: { id: string; url: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  const actor = await tx.user.findUnique({ where: { id: actorId }, select: { displayName: true, email: true } });
  await recordAudit(
    tx,
    { workspaceId, userId: actorId, name: personName(actor) },
    { kind, subjectId: endpoint.id, details: { endpointId: endpoint.id, url: endpoint.url, ...details } },
  );
}
