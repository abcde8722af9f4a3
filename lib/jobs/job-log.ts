import "server-only";
import type PgBoss from "pg-boss";
import { withLogContext, type LogContext } from "@/lib/log/context";

/**
 * A job's log context: its queue, id and attempt (1 for the first run: pg-boss counts retries,
 * and fetches the count only with `includeMetadata`, which lib/jobs/boss.ts asks for every worker).
 */
export function jobLogContext(queue: string, job: PgBoss.Job): LogContext {
  const retryCount = (job as Partial<PgBoss.JobWithMetadata>).retryCount;
  return { queue, jobId: job.id, ...(typeof retryCount === "number" ? { attempt: retryCount + 1 } : {}) };
}

/**
 * Runs a worker's batch in its log context: the job's when the batch is one job (pg-boss's default
 * batch), else the queue's (./work-each.ts gives each job of a larger batch its own).
 */
export function inJobLogContext<T>(queue: string, jobs: readonly PgBoss.Job[], work: () => T): T {
  return withLogContext(jobs.length === 1 ? jobLogContext(queue, jobs[0]!) : { queue }, work);
}
