import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The month close's pg-boss queues, named by its manifest (./feature.ts `queues`); the migration
// step makes them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const MONTH_CLOSE_QUEUES = {
  /** Re-reads of the payroll service after a Transfer, at their due time and every minute (./server/rereads.ts). */
  reread: "month-close-reread",
  /** A month close's Transfer, run by whichever process picks it up (./server/transfer-job.ts). */
  transfer: "month-close-transfer",
} as const;

export const MONTH_CLOSE_QUEUE_OPTIONS = {
  [MONTH_CLOSE_QUEUES.reread]: { retryLimit: 5, retryDelay: 30 },
  // A job whose process died is handed out again after 2 minutes (longer than a Transfer's two
  // requests with their 15 s timeouts and the recording's retries); a job that finds the month's
  // lease held by a live runner throws and is tried again 30 s later.
  [MONTH_CLOSE_QUEUES.transfer]: { retryLimit: 20, retryDelay: 30, expireInSeconds: 120 },
} satisfies QueueOptionsOf<typeof MONTH_CLOSE_QUEUES>;
