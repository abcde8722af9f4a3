import type { QueueOptionsOf } from "@/lib/jobs/queues";

// Payroll's pg-boss queues, named by its manifest (./feature.ts `queues`); the migration step makes
// them (lib/jobs/queues.ts). A name is a table in every database: never renamed.

export const PAYROLL_QUEUES = {
  /** A bulk import, worked by whichever process holds its lease (./imports/server/jobs.ts). */
  imports: "payroll-import",
  /** Daily: the reference lists (health insurances) read again from the service (./imports/server/jobs.ts). */
  referenceLists: "payroll-reference-lists",
} as const;

export const PAYROLL_QUEUE_OPTIONS = {
  [PAYROLL_QUEUES.imports]: { retryLimit: 0 },
  [PAYROLL_QUEUES.referenceLists]: { policy: "singleton", retryLimit: 3, retryDelay: 600 },
} satisfies QueueOptionsOf<typeof PAYROLL_QUEUES>;
