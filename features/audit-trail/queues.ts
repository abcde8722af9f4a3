import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The audit trail's pg-boss queues, named by its manifest (./feature.ts `queues`); the migration
// step makes them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const AUDIT_TRAIL_QUEUES = {
  /** The chainer's sweep (lib/audit/chain/server/append.ts): every minute, links what committed since. */
  chain: "audit-chain",
  /** The daily signed checkpoint of every workspace's chain (./server/checkpoints.ts). */
  checkpoint: "audit-checkpoint",
} as const;

export const AUDIT_TRAIL_QUEUE_OPTIONS = {
  // Both idempotent: a run links or signs only what is not yet linked or signed.
  [AUDIT_TRAIL_QUEUES.chain]: { policy: "singleton", retryLimit: 3, retryDelay: 30 },
  [AUDIT_TRAIL_QUEUES.checkpoint]: { policy: "singleton", retryLimit: 5, retryDelay: 600 },
} satisfies QueueOptionsOf<typeof AUDIT_TRAIL_QUEUES>;
