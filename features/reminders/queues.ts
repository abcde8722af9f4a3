import type { QueueOptionsOf } from "@/lib/jobs/queues";

// The reminders' pg-boss queue, named by its manifest (./feature.ts `queues`); the migration step
// makes it (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const REMINDER_QUEUES = {
  /** Deadline reminders to the clerks of months not yet submitted (./server/run.ts), hourly. */
  reminders: "reminders",
} as const;

export const REMINDER_QUEUE_OPTIONS = {
  // Idempotent by its key (a reminder point): a failed run is tried again.
  [REMINDER_QUEUES.reminders]: { policy: "singleton", retryLimit: 3, retryDelay: 300 },
} satisfies QueueOptionsOf<typeof REMINDER_QUEUES>;
