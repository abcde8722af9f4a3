import type { QueueOptionsOf } from "@/lib/jobs/queues";

// Mail's pg-boss queues, named by its manifest (./feature.ts `queues`); the migration step makes
// them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const MAIL_QUEUES = {
  /** One job per outbox message (./server/jobs.ts), sent in the transaction that queues the mail and again for each retry, due at its backoff. */
  outbox: "mail-outbox",
  /** The daily digest of notifications for people who chose it (./server/digest.ts). */
  digest: "mail-digest",
} as const;

export const MAIL_QUEUE_OPTIONS = {
  // A job holds its row's lease (./server/worker.ts, LEASE_MS: 180 s): a job whose process died is
  // handed out again once that has passed, 30 s later. The row's own backoff is a new job due at
  // its time (not pg-boss's retry); pg-boss's retries are for the work that failed.
  // docs/adr/0243-one-background-mechanism.md.
  [MAIL_QUEUES.outbox]: { retryLimit: 60, retryDelay: 30, expireInSeconds: 180 },
  // Idempotent by its key (a person's day): a failed run is tried again.
  [MAIL_QUEUES.digest]: { policy: "singleton", retryLimit: 5, retryDelay: 300 },
} satisfies QueueOptionsOf<typeof MAIL_QUEUES>;
