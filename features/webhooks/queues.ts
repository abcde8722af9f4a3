import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The webhooks' pg-boss queue, named by its manifest (./feature.ts `queues`); the migration step
// makes it (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const WEBHOOK_QUEUES = {
  /** One job per webhook delivery (./server/jobs.ts), sent in the event's transaction and again for each retry, due at its backoff. */
  deliveries: "webhook-deliveries",
} as const;

export const WEBHOOK_QUEUE_OPTIONS = {
  // As the mail outbox's (features/mail/queues.ts): a job holds its delivery's claim
  // (./server/deliveries.ts, 60 s).
  [WEBHOOK_QUEUES.deliveries]: { retryLimit: 60, retryDelay: 30, expireInSeconds: 60 },
} satisfies QueueOptionsOf<typeof WEBHOOK_QUEUES>;
