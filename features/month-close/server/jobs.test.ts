import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// The re-read job's wake-ups are pg-boss jobs started after their due time; a test runs a job's
// work at once by its queue's name instead of waiting for pg-boss (lib/composition/jobs.ts).

// pg-boss, started by the code under test, is stopped after the file (before its sandbox closes).
const it = test.extend("boss", { scope: "file", auto: true }, async ({}, { onCleanup }) => {
  onCleanup(async () => {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
  });
});

describe("the month close's re-read job", () => {
  it("is woken by a pg-boss job that starts after the due time", async ({ db }) => {
    const { scheduleRereadWake } = await import("./jobs");
    const due = new Date(Date.now() + 10 * 60_000);
    await scheduleRereadWake(due);
    // The latest wake-up sent by hand: a pg-boss of another file may add the every-minute schedule's
    // run to the same queue meanwhile (those carry `scheduledBy`, lib/jobs/boss.ts).
    const rows = await db.$queryRaw<
      { start_after: Date; state: string }[]
    >`SELECT start_after, state::text FROM pgboss.job WHERE name = 'month-close-reread' AND data->>'scheduledBy' IS NULL ORDER BY created_on DESC LIMIT 1`;
    expect(rows).toEqual([{ start_after: due, state: "created" }]);
  });

  it("a Transfer is a pg-boss job: enqueued with what any process needs to run it, and run at once from a test", async ({
    db,
  }) => {
    const { enqueueTransfer, runQueuedTransfers } = await import("./jobs");
    const leaseId = crypto.randomUUID();
    const data = {
      key: { connectionId: crypto.randomUUID(), companyId: 1001, period: "2026-11" },
      leaseId,
      actor: {
        workspaceId: crypto.randomUUID(),
        userId: crypto.randomUUID(),
        name: "Clara Clerk",
        roles: ["clerk" as const],
      },
    };
    await enqueueTransfer(data);
    const queued = await db.$queryRaw<
      { state: string; expire_in: string }[]
    >`SELECT state::text, expire_in::text FROM pgboss.job WHERE name = 'month-close-transfer' AND data->>'leaseId' = ${leaseId}`;
    expect(queued).toEqual([{ state: "created", expire_in: "00:02:00" }]);
    const ran: unknown[] = [];
    expect(await runQueuedTransfers((job) => Promise.resolve(void ran.push(job)))).toMatchObject({ failed: 0 });
    expect(ran).toContainEqual(data);
    const done = await db.$queryRaw<
      { state: string }[]
    >`SELECT state::text FROM pgboss.job WHERE name = 'month-close-transfer' AND data->>'leaseId' = ${leaseId}`;
    expect(done).toEqual([{ state: "completed" }]);
  });

  it("a Transfer job that throws (its month held by a live runner) is failed, to be tried again by pg-boss", async ({
    db,
  }) => {
    const { enqueueTransfer, runQueuedTransfers } = await import("./jobs");
    const leaseId = crypto.randomUUID();
    await enqueueTransfer({
      key: { connectionId: crypto.randomUUID(), companyId: 1001, period: "2026-11" },
      leaseId,
      actor: { workspaceId: crypto.randomUUID(), userId: crypto.randomUUID(), name: "Clara Clerk", roles: ["clerk"] },
    });
    expect(await runQueuedTransfers(() => Promise.reject(new Error("held")))).toMatchObject({ failed: 1 });
    const rows = await db.$queryRaw<
      { state: string }[]
    >`SELECT state::text FROM pgboss.job WHERE name = 'month-close-transfer' AND data->>'leaseId' = ${leaseId}`;
    expect(rows).toEqual([{ state: "retry" }]);
  });

  it("runs at once by its name from a test; an unknown name is none", async () => {
    const { runJobNow } = await import("@/lib/composition/jobs");
    expect(await runJobNow("month-close-reread")).toEqual({
      result: { read: expect.any(Number), differences: expect.any(Number) },
    });
    expect(await runJobNow("month-close-transfer")).toEqual({
      result: { ran: expect.any(Number), failed: expect.any(Number) },
    });
    expect(await runJobNow("no-such-job")).toBeNull();
    expect(await runJobNow("toString")).toBeNull();
  });
});
