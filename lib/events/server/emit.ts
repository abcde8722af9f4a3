import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { DomainEvent } from "../events";

type Tx = Prisma.TransactionClient;

/** A consumer of the domain events: it only inserts rows in `tx` (delivery happens in jobs, after commit). */
export type EventConsumer = (tx: Tx, event: DomainEvent) => Promise<void>;

/**
 * The consumers, handed in by the composition root (lib/composition/wire.ts `wireFeatures`, from
 * every feature manifest's `eventConsumers`): the event core imports none of them
 * (docs/adr/0241-feature-manifests.md). On globalThis: Next loads instrumentation.ts, which wires
 * the process, in a module graph of its own beside the routes' (lib/server/shutdown.ts).
 */
const holder = globalThis as { __eventConsumers?: readonly EventConsumer[] };

/** Sets this process's consumers (wiring again replaces them: a module loaded twice adds none). */
export function provideEventConsumers(consumers: readonly EventConsumer[]): void {
  holder.__eventConsumers = consumers;
}

/**
 * Emits one event inside the transaction that makes the change it tells of: every consumer's
 * rows are committed with the change, or none. Consumers run one after the other (one
 * transaction runs one statement at a time). A process that was never wired throws, rolling the
 * change back, rather than commit it with nobody told.
 */
export async function emitEvent(tx: Tx, event: DomainEvent): Promise<void> {
  const consumers = holder.__eventConsumers;
  if (!consumers) {
    throw new Error(
      `emitEvent(${event.type}): no event consumers in this process; the composition root's wireFeatures() provides them`,
    );
  }
  for (const consume of consumers) await consume(tx, event);
}
