import type PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { upstreamPriority } from "@/lib/http/server/upstream-priority";
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
});
