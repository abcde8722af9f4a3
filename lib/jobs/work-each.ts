import "server-only";
import type PgBoss from "pg-boss";
import { withLogContext } from "@/lib/log/context";
import { log } from "@/lib/log/logger";
import { jobLogContext } from "./job-log";

/**
 * A queue whose jobs each carry one piece of work (an outbox row's send): `batchSize` jobs are
 * taken at a time and worked side by side, and each job's failure is its own (pg-boss fails that
 * job alone and hands it out again after the queue's retry delay; the others complete). While a
 * batch comes back full the worker takes the next at once rather than after its polling interval,
 * so a backlog drains as fast as the work goes.
 */
export async function workEach<T extends object>(
  boss: PgBoss,
  queue: string,
  options: { batchSize: number; pollingIntervalSeconds: number },
  work: (data: T) => Promise<void>,
): Promise<string> {
  let workerId = "";
  workerId = await boss.work<T>(queue, options, async (jobs) => {
    await Promise.all(
      jobs.map((job) =>
        withLogContext(jobLogContext(queue, job), async () => {
          try {
            await work(job.data);
          } catch (error) {
            log.error({ err: error }, "jobs: a job failed, to be retried");
            await boss.fail(queue, job.id, { message: (error as Error).message });
          }
        }),
      ),
    );
    if (jobs.length >= options.batchSize && workerId) boss.notifyWorker(workerId);
  });
  return workerId;
}
