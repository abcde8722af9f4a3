import type PgBoss from "pg-boss";

// Every pg-boss queue of the app, with its options: the one list. pg-boss 10 gives each queue a
// table of its own (a partition of `pgboss.job`), so creating a queue is DDL. The migration step
// creates them (scripts/db/job-queues.ts, as the migration role), and the app's role, which may
// not create tables, only uses them. A queue added here appears at the next `npm start` or
// `npm run db:migrate`. Pure: scripts import it.

export const QUEUES = {
  keepAlive: "accounting-keepalive",
  revokeRetry: "accounting-revoke-retry",
  payrollImport: "payroll-import",
  referenceLists: "payroll-reference-lists",
  monthCloseReread: "month-close-reread",
} as const;

type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, "name">> = {
  [QUEUES.keepAlive]: { policy: "singleton", retryLimit: 3, retryDelay: 300 },
  [QUEUES.revokeRetry]: { retryLimit: 20, retryDelay: 60, retryBackoff: true },
  [QUEUES.payrollImport]: { retryLimit: 0 },
  [QUEUES.referenceLists]: { policy: "singleton", retryLimit: 3, retryDelay: 600 },
  [QUEUES.monthCloseReread]: { retryLimit: 5, retryDelay: 30 },
};
