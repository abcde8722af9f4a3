import { describe, expect } from "vitest";
import { MONTH_CLOSE_QUEUES } from "@/features/month-close/queues";
import type { MonthStep } from "./audit";
import { monthTest } from "./testing/month-world";
import { ownMonthDatabase } from "./testing/own-month-database";

// A Transfer whose runner died holding its job (kill -9: no graceful stop handed it back) is
// taken over as soon as its lease is stale (30 s), not after pg-boss's 2-minute expiry: the
// month close's every-minute sweep sends a new job. Real pg-boss as the app's role, on a database
// of the file's own (its Transfer jobs must not be taken by another file's workers, nor theirs by
// this file's sweep); the app's clock moved instead of waiting.

const steps: MonthStep[] = [];
const wakes: Date[] = [];
const it = monthTest({ steps, wakes }).override("db", { scope: "file" }, async ({ sandbox }, { onCleanup }) => {
  void sandbox; // the sandbox's configuration first, then this file's own database for the app
  return ownMonthDatabase(onCleanup, async () => {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
  });
});

describe("a Transfer whose runner died", () => {
  it("is sent again by the sweep once its lease is stale, and the new job completes it", async ({
    world: { client, company, clerk, key },
    toApproved,
    advanceClock,
    db,
  }) => {
    const { requestTransfer } = await import("./transfer");
    const { runTransferJob } = await import("./transfer-job");
    const { takeOverStaleTransfers } = await import("./stale-transfers");
    const { getBoss } = await import("@/lib/jobs/boss");
    const { now } = await import("@/lib/clock");
    await toApproved();
    await requestTransfer(key, clerk);
    // A runner took the job (pg-boss: `active`) and the month (its heartbeat), then was killed.
    const boss = await getBoss();
    const [taken] = await boss.fetch<{ leaseId: string }>(MONTH_CLOSE_QUEUES.transfer);
    const month = await db.monthClose.update({
      where: { connectionId_companyId_period: key },
      data: { transferHeartbeatAt: now() },
    });
    expect(taken!.data.leaseId).toBe(month.transferLeaseId);

    // Within 30 s the runner may be alive: nothing is sent.
    await advanceClock(29);
    expect(await takeOverStaleTransfers()).toBe(0);
    await advanceClock(2);
    expect(await takeOverStaleTransfers()).toBe(1);
    // A copy waits: the next sweep sends no other.
    expect(await takeOverStaleTransfers()).toBe(0);

    const jobs = await db.$queryRaw<{ id: string; state: string }[]>`
      SELECT id, state::text FROM pgboss.job WHERE name = ${MONTH_CLOSE_QUEUES.transfer} ORDER BY created_on`;
    expect(jobs.map((job) => job.state)).toEqual(["active", "created"]);
    // The new job, picked up by a process as a worker does, takes the month over and completes the Transfer.
    const [copy] = await boss.fetch<Parameters<typeof runTransferJob>[0]>(MONTH_CLOSE_QUEUES.transfer);
    expect(copy!.id).toBe(jobs[1]!.id);
    const ran = await runTransferJob(copy!.data, { payroll: { client, company } });
    await boss.complete(MONTH_CLOSE_QUEUES.transfer, copy!.id);
    expect(ran).toMatchObject({
      resumed: true,
      outcome: { hours: "succeeded", payments: "succeeded" },
      monthClose: { state: "transferred" },
    });
    expect(await db.monthClose.findUniqueOrThrow({ where: { connectionId_companyId_period: key } })).toMatchObject({
      state: "transferred",
      transferLeaseId: null,
    });
  });
});
