import "server-only";
import { now } from "@/lib/clock";
import type { Prisma } from "@/lib/db/generated/client";
import type { DomainEvent } from "@/lib/events/events";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { WEBHOOK_QUEUES } from "@/features/webhooks/queues";
import { eventKey, isWebhookEvent, webhookBody } from "./payload";

type Tx = Prisma.TransactionClient;

/**
 * The webhooks' consumer of domain events (named in ../feature.ts, handed to emit by the composition root): in the
 * transaction that made the change, one delivery row per enabled endpoint of the workspace that
 * subscribed to the event's type. Unique per event and endpoint, so an event emitted twice is
 * delivered once. Nothing is sent here: each delivery's pg-boss job, committed with it, sends it
 * afterwards (./deliveries.ts).
 */
export async function enqueueWebhookDeliveries(tx: Tx, event: DomainEvent): Promise<void> {
  if (!isWebhookEvent(event)) return;
  // Raw: read in the transaction of every event (a bulk export emits hundreds), where Prisma's own work costs more than the read.
  const endpoints = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text FROM webhook_endpoints
     WHERE workspace_id = ${event.workspaceId}::uuid AND enabled AND ${event.type} = ANY(event_types)`;
  if (endpoints.length === 0) return;
  const member =
    "userId" in event
      ? await tx.user.findUnique({ where: { id: event.userId }, select: { displayName: true, email: true } })
      : null;
  const memberName = member ? (member.displayName ?? null) : null;
  const body = JSON.stringify(webhookBody(event, memberName));
  const key = eventKey(event);
  const due = now();
  const created = await tx.webhookDelivery.createManyAndReturn({
    data: endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventKey: key,
      eventType: event.type,
      body,
      nextAttemptAt: due,
    })),
    skipDuplicates: true,
    select: { id: true },
  });
  // Each new delivery's job, in the same transaction: it exists exactly when the delivery does.
  for (const delivery of created) await sendInTransaction(tx, WEBHOOK_QUEUES.deliveries, { id: delivery.id });
}
