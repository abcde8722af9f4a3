import { queuesOf } from "@/lib/features-core/manifest";
import type { QueueOptions } from "@/lib/jobs/queues";
import { FEATURES } from "./features";

/**
 * Every pg-boss queue of the app, built from the list of manifests (each feature's `queues`,
 * features/<name>/queues.ts): what the migration step makes (scripts/db/job-queues.ts, under tsx
 * outside Next: pure, like the whole list). The test controls' runnable jobs are typed by their
 * names (./jobs.ts). Adding a feature with queues to the list is enough.
 */
export const QUEUE_OPTIONS: Readonly<Record<QueueName, QueueOptions>> = queuesOf(FEATURES);

/** The name of a queue some listed feature declares. */
export type QueueName = DeclaredName;
type DeclaredName = keyof ReturnType<typeof queuesOf<typeof FEATURES>>;

// The names registered with the job core, at the type level (lib/jobs/queues.ts `QueueRegistry`):
// lib/jobs's senders then take a declared queue's name only, though lib/jobs imports no feature.
// (Inside the block, `QueueName` would be lib/jobs's own, which is read from here.)
declare module "@/lib/jobs/queues" {
  interface QueueRegistry {
    readonly name: DeclaredName;
  }
}
