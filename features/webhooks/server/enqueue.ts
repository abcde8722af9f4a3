import "server-only";
import { now } from "@/lib/clock";
import type { Prisma } from "@/lib/db/generated/client";
import type { DomainEvent } from "@/lib/events/events";
import { eventKey, isWebhookEvent, webhookBody } from "./payload";

type Tx = Prisma.TransactionClient;

/** The channel that wakes the delivery worker when a transaction enqueued deliveries (./jobs.ts). */
export const WEBHOOKS_DUE_CHANNEL = "ledgerlane_webhooks_due";

/**
 * The webhooks' consumer of domain events (registered in lib/events/server/emit.ts): in the
 * transaction that made the change, one delivery row per enabled endpoint of the workspace that
 * subscribed to the event's type. Unique per event and endpoint, so an event emitted twice is
 * delivered once. Nothing is sent here: the worker (./deliveries.ts) sends after the commit,
 * woken by a NOTIFY that Postgres delivers only if the transaction commits.
 */
export async function enqueueWebhookDeliveries(tx: Tx, event: DomainEvent): Promise<void> {
  if (!isWebhookEvent(event)) return;
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { workspaceId: event.workspaceId, enabled: true, eventTypes: { has: event.type } },
    select: { id: true },
  });
  if (endpoints.length === 0) return;
  const member =
    "userId" in event ? await tx.user.findUnique({ where: { id: event.userId }, select: { displayName: true, email: true } }) : null;
  const memberName = member ? (member.displayName ?? null) : null;
  const body = JSON.stringify(webhookBody(event, memberName));
  const key = eventKey(event);
  const due = now();
  await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventKey: key, eventType: event.type, body, nextAttemptAt: due })),
    skipDuplicates: true,
  });
  await tx.$executeRaw`SELECT pg_notify(${WEBHOOKS_DUE_CHANNEL}, 'due')`;
}
