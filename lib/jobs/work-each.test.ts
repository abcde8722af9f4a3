import type PgBoss from "pg-boss";
import { describe, expect, it, vi } from "vitest";
import { workEach } from "./work-each";
import { captureLog } from "@/lib/log/testing/capture";

describe("a queue worked job by job", () => {
  it("fails only the job whose work failed, logged with its queue, id and attempt, and takes the next batch at once while batches come back full", async () => {
    let handler: (jobs: PgBoss.Job<{ n: number }>[]) => Promise<void> = async () => {};
    const fail = vi.fn(async () => {});
    const notifyWorker = vi.fn();
    const boss = {
      work: async (_name: string, _options: object, work: typeof handler) => {
        handler = work;
        return "worker-1";
      },
      fail,
      notifyWorker,
    } as unknown as PgBoss;
    const log = captureLog();
    const done: number[] = [];
    await workEach<{ n: number }>(boss, "q", { batchSize: 2, pollingIntervalSeconds: 1 }, async ({ n }) => {
      if (n === 2) throw new Error("no");
      done.push(n);
    });
    // As lib/jobs/boss.ts has every worker fetch them: with their metadata (2: the job's second run).
    const job = (n: number) =>
      ({ id: `job-${n}`, name: "q", data: { n }, retryCount: n - 1 }) as PgBoss.JobWithMetadata<{ n: number }>;

    await handler([job(1), job(2)]);
    expect(done).toEqual([1]);
    expect(fail).toHaveBeenCalledExactlyOnceWith("q", "job-2", { message: "no" });
    expect(log.records()).toEqual([
      expect.objectContaining({
        level: "error",
        queue: "q",
        jobId: "job-2",
        attempt: 2,
        err: expect.objectContaining({ message: "no" }),
      }),
    ]);
    expect(notifyWorker).toHaveBeenCalledExactlyOnceWith("worker-1");

    await handler([job(3)]);
    expect(done).toEqual([1, 3]);
    expect(notifyWorker).toHaveBeenCalledTimes(1);
  });
});
