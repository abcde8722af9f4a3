import type { QueueOptionsOf } from "@/lib/jobs/queues";

// DATEV's pg-boss queue, named by its manifest (./feature.ts `queues`); the migration step makes it
// (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const DATEV_QUEUES = {
  /** A bulk "Export for DATEV" from /overview, one job per run (`{ bulkExportId }`, ./bulk/server/run.ts). */
  bulkExport: "datev-bulk-export",
} as const;

export const DATEV_QUEUE_OPTIONS = {
  // The run's row is the truth and its work idempotent (done months are skipped, a month exported
  // is answered from its stored file), so a job handed out again after a dead worker's expiry
  // continues the run; 300 companies' reads may wait for the key's budget's next minutes.
  [DATEV_QUEUES.bulkExport]: { policy: "standard", retryLimit: 3, retryDelay: 30, expireInSeconds: 1800 },
} satisfies QueueOptionsOf<typeof DATEV_QUEUES>;
