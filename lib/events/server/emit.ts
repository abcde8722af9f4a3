import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { notifyOfEvent } from "@/features/notifications/server/from-event";
import { enqueueWebhookDeliveries } from "@/features/webhooks/server/enqueue";
import type { DomainEvent } from "../events";

type Tx = Prisma.TransactionClient;

/** A consumer of the domain events: it only inserts rows in `tx` (delivery happens in jobs, after commit). */
export type EventConsumer = (tx: Tx, event: DomainEvent) => Promise<void>;

/**
 * Every consumer of the domain events, in one list: notifications (features/notifications) and
 * webhook deliveries (`enqueueWebhookDeliveries` in features/webhooks/server/enqueue.ts).
 */
const CONSUMERS: readonly EventConsumer[] = [notifyOfEvent, enqueueWebhookDeliveries];

/**
 * Emits one event inside the transaction that makes the change it tells of: every consumer's
 * rows are committed with the change, or none. Consumers run one after the other (one
 * transaction runs one statement at a time).
 */
export async function emitEvent(tx: Tx, event: DomainEvent): Promise<void> {
  for (const consume of CONSUMERS) await consume(tx, event);
}
