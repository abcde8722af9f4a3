import type PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { upstreamPriority } from "@/lib/http/server/upstream-priority";
import { log } from "@/lib/log/logger";
import { captureLog } from "@/lib/log/testing/capture";
import { runWorkersInBackground } from "./boss";

describe("the job runner", () => {
  it("runs every worker's jobs as background work, with or without options", async () => {
    const handlers: ((jobs: unknown) => Promise<unknown>)[] = [];
    const fake = {
      work: async (_name: string, ...rest: unknown[]) => {
        handlers.push(rest.at(-1) as (jobs: unknown) => Promise<unknown>);
        return "worker-id";
      },
    };
    runWorkersInBackground(fake as unknown as PgBoss);
    const boss = fake as unknown as PgBoss;
    const seen: string[] = [];
    await boss.work("plain", async () => void seen.push(upstreamPriority()));
    await boss.work("with-options", { batchSize: 1 }, async () => void seen.push(upstreamPriority()));
    for (const handler of handlers) await handler([]);
    expect(seen).toEqual(["background", "background"]);
    expect(upstreamPriority()).toBe("interactive");
  });

  it("fetches every worker's jobs with their metadata, and runs each with its queue, id and attempt on every line", async () => {
    const workers: { options: unknown; handler: (jobs: unknown) => Promise<unknown> }[] = [];
    const recorded: unknown[][] = [];
    const fake = {
      work: async (_name: string, options: unknown, handler: (jobs: unknown) => Promise<unknown>) => {
        workers.push({ options, handler });
        return "worker-id";
      },
      // Where a scheduled run's end is noted for readiness (./schedule-runs.ts).
      getDb: () => ({ executeSql: async (_text: string, values: unknown[]) => void recorded.push(values) }),
    };
    runWorkersInBackground(fake as unknown as PgBoss);
    const boss = fake as unknown as PgBoss;
    await boss.work("overview-refresh", { batchSize: 1 }, async () => void log.info("refreshing"));
    await boss.work("reminders", async () => void log.warn("reminding"));
    expect(workers.map((worker) => worker.options)).toEqual([
      { batchSize: 1, includeMetadata: true },
      { includeMetadata: true },
    ]);
    const captured = captureLog();
    await workers[0]!.handler([{ id: "job-1", name: "overview-refresh", data: {}, retryCount: 0 }]);
    await workers[1]!.handler([{ id: "job-2", name: "reminders", data: { scheduledBy: "5 * * * *" }, retryCount: 2 }]);
    log.info("outside");
    expect(captured.records()).toEqual([
      expect.objectContaining({ msg: "refreshing", queue: "overview-refresh", jobId: "job-1", attempt: 1 }),
      expect.objectContaining({ msg: "jobs: scheduled run", queue: "reminders", jobId: "job-2", attempt: 3 }),
      expect.objectContaining({ msg: "reminding", queue: "reminders", jobId: "job-2", attempt: 3 }),
      expect.not.objectContaining({ queue: expect.anything() }),
    ]);
    // The scheduled run's end noted (queue, time, job), the other job's not.
    expect(recorded.map((values) => [values[0], values[2]])).toEqual([["reminders", "job-2"]]);
  });
});
