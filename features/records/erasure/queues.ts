import type { QueueOptionsOf } from "@/lib/jobs/queues";

// Erasure's pg-boss queue, named by the records manifest (../feature.ts `queues`); the migration
// step makes it (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const ERASURE_QUEUES = {
  /** The nightly erasure of restricted employees past their retention (./server/erase.ts). */
  erase: "records-erasure",
} as const;

export const ERASURE_QUEUE_OPTIONS = {
  // Idempotent: a run erases only what is due and not yet erased; a failed night is tried again the next.
  [ERASURE_QUEUES.erase]: { policy: "singleton", retryLimit: 3, retryDelay: 900 },
} satisfies QueueOptionsOf<typeof ERASURE_QUEUES>;
