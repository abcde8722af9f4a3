import type PgBoss from "pg-boss";

// The job core's part of the queues; the queues themselves belong to the features. Each feature
// declares its own in its folder (features/<name>/queues.ts: the names and their options), named by
// its manifest's `queues`, and what needs every queue is built from the list of manifests
// (lib/composition/queues.ts). pg-boss 10 gives each queue a table of its own (a partition of
// `pgboss.job`), so creating a queue is DDL: the migration step creates them
// (scripts/db/job-queues.ts, as the migration role), and the app's role, which may not create
// tables, only uses them. A queue declared by a listed feature appears at the next `npm start` or
// `npm run db:migrate`. Pure: scripts import it.

/** A queue's options (pg-boss's, without the name); the migration step brings an existing queue to them. */
export type QueueOptions = Omit<PgBoss.Queue, "name">;

/**
 * A feature's queues (`MAIL_QUEUES = { outbox: "mail-outbox", … } as const`) with each one's options, by
 * name: every name has its options and nothing else has. A name is its table's in every database that
 * made it: never renamed.
 */
export type QueueOptionsOf<Queues extends Readonly<Record<string, string>>> = Readonly<
  Record<Queues[keyof Queues], QueueOptions>
>;

/**
 * pg-boss's own queue for its schedules (pg-boss 10, src/timekeeper.js `QUEUES.SEND_IT`): every
 * cron tick inserts a job here, and its worker copies it into the schedule's queue. pg-boss makes
 * it in `boss.start()` inside a `try {} catch {}`: as the app's role that CREATE TABLE fails
 * silently and every scheduled run is dropped, so the migration step makes it with the others.
 */
export const PGBOSS_SCHEDULE_QUEUE = "__pgboss__send-it";

/**
 * Where the composition root registers every queue's name, at the type level only
 * (lib/composition/queues.ts augments it from the list of manifests), as wireFeatures() hands the
 * event core its consumers at run time: lib/jobs knows no feature, yet a queue no feature
 * declares (a typo) is no `QueueName`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface QueueRegistry {}

/** The name of a queue some listed feature declares (a plain string where nothing registers them). */
export type QueueName = QueueRegistry extends { readonly name: infer Name extends string } ? Name : string;
