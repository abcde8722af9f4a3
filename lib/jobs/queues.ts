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
  /** A month close's Transfer, run by whichever process picks it up (features/month-close/server/transfer-job.ts). */
  monthCloseTransfer: "month-close-transfer",
  /** The mail outbox's sweep (features/mail/server/jobs.ts): sends what is due; a NOTIFY wakes it between sweeps. */
  mailOutbox: "mail-outbox",
  /** The daily digest of notifications for people who chose it (features/mail/server/digest.ts). */
  mailDigest: "mail-digest",
  /** Deadline reminders to the clerks of months not yet submitted (features/reminders/server/run.ts), hourly. */
  reminders: "reminders",
  /** A payroll connection's companies read and checked for the firm overview (features/overview/server/jobs.ts). */
  overviewRefresh: "overview-refresh",
  /** Every minute: the overview's stale counts checked again, due connections queued for a refresh. */
  overviewSweep: "overview-sweep",
  /** Webhook deliveries due (features/webhooks/server/jobs.ts): each job sends whatever is due; the rows say what. */
  webhookDeliveries: "webhook-deliveries",
  /** Every 10 minutes: expired e-mail sign-in links and passkey challenges deleted (features/sign-in/server/sweep.ts). */
  signInSweep: "sign-in-sweep",
} as const;

/**
 * pg-boss's own queue for its schedules (pg-boss 10, src/timekeeper.js `QUEUES.SEND_IT`): every
 * cron tick inserts a job here, and its worker copies it into the schedule's queue. pg-boss makes
 * it in `boss.start()` inside a `try {} catch {}`: as the app's role that CREATE TABLE fails
 * silently and every scheduled run is dropped, so the migration step makes it with the others.
 */
export const PGBOSS_SCHEDULE_QUEUE = "__pgboss__send-it";

type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const QUEUE_OPTIONS: Record<QueueName, Omit<PgBoss.Queue, "name">> = {
  [QUEUES.keepAlive]: { policy: "singleton", retryLimit: 3, retryDelay: 300 },
  [QUEUES.revokeRetry]: { retryLimit: 20, retryDelay: 60, retryBackoff: true },
  [QUEUES.payrollImport]: { retryLimit: 0 },
  [QUEUES.referenceLists]: { policy: "singleton", retryLimit: 3, retryDelay: 600 },
  [QUEUES.monthCloseReread]: { retryLimit: 5, retryDelay: 30 },
  // A job whose process died is handed out again after 2 minutes (longer than a Transfer's two
  // requests with their 15 s timeouts and the recording's retries); a job that finds the month's
  // lease held by a live runner throws and is tried again 30 s later.
  [QUEUES.monthCloseTransfer]: { retryLimit: 20, retryDelay: 30, expireInSeconds: 120 },
  // A sweep that failed is simply the next minute's; the rows say what is due.
  [QUEUES.mailOutbox]: { policy: "singleton", retryLimit: 0, expireInSeconds: 900 },
  // Both are idempotent by their keys (a person's day, a reminder point): a failed run is tried again.
  [QUEUES.mailDigest]: { policy: "singleton", retryLimit: 5, retryDelay: 300 },
  [QUEUES.reminders]: { policy: "singleton", retryLimit: 3, retryDelay: 300 },
  // One waiting and one running per connection (the job's singletonKey); 300 companies take minutes
  // within the service's budget, so a job is handed out again only after 30 minutes.
  [QUEUES.overviewRefresh]: { policy: "stately", retryLimit: 2, retryDelay: 120, expireInSeconds: 1800 },
  [QUEUES.overviewSweep]: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
  // A job only wakes the sender; the delivery rows carry the retries and their backoff.
  [QUEUES.webhookDeliveries]: { retryLimit: 0, expireInSeconds: 600 },
  // A failed sweep is simply the next one's: the rows say what is due.
  [QUEUES.signInSweep]: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
};
