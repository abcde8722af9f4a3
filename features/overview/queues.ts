import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The overview's pg-boss queues, named by its manifest (./feature.ts `queues`); the migration step
// makes them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const OVERVIEW_QUEUES = {
  /** A payroll connection's companies read and checked for the firm overview (./server/jobs.ts). */
  refresh: "overview-refresh",
  /** Every minute: the overview's stale counts checked again, due connections queued for a refresh. */
  sweep: "overview-sweep",
} as const;

export const OVERVIEW_QUEUE_OPTIONS = {
  // One waiting and one running per connection (the job's singletonKey); 300 companies take minutes
  // within the service's budget, so a job is handed out again only after 30 minutes.
  [OVERVIEW_QUEUES.refresh]: { policy: "stately", retryLimit: 2, retryDelay: 120, expireInSeconds: 1800 },
  [OVERVIEW_QUEUES.sweep]: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
} satisfies QueueOptionsOf<typeof OVERVIEW_QUEUES>;
