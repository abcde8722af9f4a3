import { describe, expect, vi } from "vitest";
import type { MonthStep } from "@/features/month-close/server/audit";
import { monthTest, recordingWakes, service } from "@/features/month-close/server/testing/month-world";

// The month close's domain events told as notifications, through the real audit writer and the
// suite's Postgres: who is told of each step, with what, and only once.

const steps: MonthStep[] = [];
const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes });

describe("month close notifications", () => {
  it("submitted → the approvers (not the submitter); approved → the submitter; transferred → both; reopened → the submitter with the reason", async ({
    world: { workspaceId, context, clerk, approver, owner, key, client, company },
    db,
  }) => {
    const { submitMonth, approveMonth, reopenMonth, transferMonth } = await service();
    const since = new Date();
    const told = async () =>
      (
        await db.notification.findMany({
          where: { workspaceId, createdAt: { gte: since } },
          orderBy: [{ createdAt: "asc" }, { kind: "asc" }],
          select: { userId: true, kind: true, data: true, link: true },
        })
      ).map((row) => ({
        ...row,
        who: [clerk, approver, owner].find((actor) => actor.userId === row.userId)?.name ?? row.userId,
      }));

    await submitMonth(key, clerk, context);
    const submitted = await told();
    // Whoever may approve is told: the approver and the owner (payroll.approve), never the submitter.
    expect(submitted.map((row) => row.who).sort()).toEqual(["Arne Approver", "Olga Owner"].sort());
    expect(submitted[0]).toEqual(
      expect.objectContaining({
        kind: "month_submitted",
        link: `/payroll/companies/${key.companyId}/review?month=${key.period}`,
        data: expect.objectContaining({ companyName: company.name1, period: key.period, actorName: "Clara Clerk" }),
      }),
    );
    await approveMonth(key, approver, context);
    const afterApproval = await told();
    expect(afterApproval.slice(2)).toEqual([expect.objectContaining({ who: "Clara Clerk", kind: "month_approved" })]);

    await transferMonth(key, owner, client, company);
    const transfer = (await told()).slice(3);
    expect(transfer.map((row) => `${row.who}:${row.kind}`).sort()).toEqual([
      "Arne Approver:month_transfer",
      "Clara Clerk:month_transfer",
    ]);
    expect(transfer[0]?.data).toMatchObject({ outcome: "transferred" });

    await reopenMonth(key, approver, "Hours of employee 2 are missing");
    expect((await told()).slice(5)).toEqual([
      expect.objectContaining({
        who: "Clara Clerk",
        kind: "month_reopened",
        data: expect.objectContaining({ reason: "Hours of employee 2 are missing" }),
      }),
    ]);
  });

  it("submitted with no member holding the approver role → the owner, who may approve", async ({
    world: { workspaceId, context, clerk, approver, owner, key },
    db,
  }) => {
    const { submitMonth } = await service();
    await db.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId, userId: approver.userId } },
      data: { roles: ["viewer"] },
    });
    try {
      const since = new Date();
      await submitMonth(key, clerk, context);
      const told = await db.notification.findMany({
        where: { workspaceId, createdAt: { gte: since } },
        select: { userId: true, kind: true },
      });
      expect(told).toEqual([{ userId: owner.userId, kind: "month_submitted" }]);
    } finally {
      await db.workspaceMember.update({
        where: { workspaceId_userId: { workspaceId, userId: approver.userId } },
        data: { roles: ["approver"] },
      });
    }
  });

  it("a person's choices apply: no row in the app when they turned it off", async ({
    world: { workspaceId, context, clerk, approver, key },
    db,
  }) => {
    const { submitMonth } = await service();
    await db.notificationPreference.create({
      data: { userId: approver.userId, kind: "month_submitted", inApp: false, byEmail: false },
    });
    try {
      const since = new Date();
      await submitMonth(key, clerk, context);
      expect(
        await db.notification.count({ where: { workspaceId, userId: approver.userId, createdAt: { gte: since } } }),
      ).toBe(0);
    } finally {
      await db.notificationPreference.deleteMany({ where: { userId: approver.userId } });
    }
  });
});
