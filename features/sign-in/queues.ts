import type { QueueOptionsOf } from "@/lib/jobs/queues";

// Sign-in's pg-boss queue, named by its manifest (./feature.ts `queues`); the migration step makes
// it (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const SIGN_IN_QUEUES = {
  /** Every 10 minutes: expired e-mail sign-in links and passkey challenges deleted (./server/sweep.ts). */
  sweep: "sign-in-sweep",
} as const;

export const SIGN_IN_QUEUE_OPTIONS = {
  // A failed sweep is simply the next one's: the rows say what is due.
  [SIGN_IN_QUEUES.sweep]: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
} satisfies QueueOptionsOf<typeof SIGN_IN_QUEUES>;
