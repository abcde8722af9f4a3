import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The accounting connection's pg-boss queues, named by its manifest (./feature.ts `queues`); the
// migration step makes them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const ACCOUNTING_QUEUES = {
  /** Hourly: connections not renewed for ACCOUNTING_KEEPALIVE_DAYS renewed, so no refresh token expires (./connection/server/jobs.ts). */
  keepAlive: "accounting-keepalive",
  /** A revocation that failed with a server error, tried again with backoff (./connection/server/jobs.ts). */
  revokeRetry: "accounting-revoke-retry",
} as const;

export const ACCOUNTING_QUEUE_OPTIONS = {
  [ACCOUNTING_QUEUES.keepAlive]: { policy: "singleton", retryLimit: 3, retryDelay: 300 },
  [ACCOUNTING_QUEUES.revokeRetry]: { retryLimit: 20, retryDelay: 60, retryBackoff: true },
} satisfies QueueOptionsOf<typeof ACCOUNTING_QUEUES>;
