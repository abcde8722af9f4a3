import type PgBoss from "pg-boss";
import { describe, expect, it, vi } from "vitest";
import { workEach } from "./work-each";

describe("a queue worked job by job", () => {
  it("fails only the job whose work failed, and takes the next batch at once while batches come back full", async () => {
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
    vi.spyOn(console, "error").mockImplementation(() => {});
    const done: number[] = [];
    await workEach<{ n: number }>(boss, "q", { batchSize: 2, pollingIntervalSeconds: 1 }, async ({ n }) => {
      if (n === 2) throw new Error("no");
      done.push(n);
    });
    const job = (n: number) => ({ id: `job-${n}`, name: "q", data: { n } }) as PgBoss.Job<{ n: number }>;

    await handler([job(1), job(2)]);
    expect(done).toEqual([1]);
    expect(fail).toHaveBeenCalledExactlyOnceWith("q", "job-2", { message: "no" });
    expect(notifyWorker).toHaveBeenCalledExactlyOnceWith("worker-1");

    await handler([job(3)]);
    expect(done).toEqual([1, 3]);
    expect(notifyWorker).toHaveBeenCalledTimes(1);
  });
});
