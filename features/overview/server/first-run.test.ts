import { randomBytes } from "node:crypto";
import { describe, expect, vi } from "vitest";
import type { MonthStep } from "@/features/month-close/server/audit";
import { monthTest, recordingWakes } from "@/features/month-close/server/testing/month-world";
import { firstRunChecklist, ownersFirstRun } from "./first-run";

// The owner's first-run checklist on /overview: each step ticked from what the database holds,
// whoever did it; open invitations count, revoked or expired ones do not.

const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));
const steps: MonthStep[] = [];
const it = monthTest({ steps, wakes });

const doneOf = (checklist: Awaited<ReturnType<typeof firstRunChecklist>>) =>
  Object.fromEntries(checklist.steps.map((step) => [step.step, step.done]));

describe("the first-run checklist", () => {
  it("ticks each step from the database and is complete once all five are done", async ({ world, db }) => {
    const { workspaceId, owner } = world;
    const landless = [{ landNotSet: true }, { landNotSet: false }] as Parameters<typeof firstRunChecklist>[2];
    const first = await firstRunChecklist(workspaceId, owner.userId, landless);
    // The world's owner connected payroll; its clerk is a colleague; nothing else yet.
    expect(doneOf(first)).toEqual({ name: false, payroll: true, lands: false, colleague: true, client: false });
    expect(first.complete).toBe(false);
    expect(first.steps.map((step) => step.href)).toEqual([
      "/settings/workspace",
      "/payroll",
      "/overview",
      "/settings/workspace",
      "/settings/workspace",
    ]);

    const invitation = (data: { revokedAt?: Date; expiresAt?: Date }) =>
      db.workspaceInvitation.create({
        data: {
          workspaceId,
          tokenHash: randomBytes(16).toString("hex"),
          roles: ["client"],
          expiresAt: data.expiresAt ?? new Date(Date.now() + 86_400_000),
          revokedAt: data.revokedAt ?? null,
        },
      });
    // A revoked or an expired client invitation asks nobody in.
    await invitation({ revokedAt: new Date() });
    await invitation({ expiresAt: new Date(Date.now() - 1000) });
    const landed = [{ landNotSet: false }] as Parameters<typeof firstRunChecklist>[2];
    expect(doneOf(await firstRunChecklist(workspaceId, owner.userId, landed))).toMatchObject({
      lands: true,
      client: false,
    });

    await invitation({});
    await db.auditEntry.create({ data: { workspaceId, kind: "workspace.renamed", details: { from: "a", to: "b" } } });
    const last = await firstRunChecklist(workspaceId, owner.userId, landed);
    expect(doneOf(last)).toEqual({ name: true, payroll: true, lands: true, colleague: true, client: true });
    expect(last.complete).toBe(true);
    // No company yet: the Land step is not done.
    expect(doneOf(await firstRunChecklist(workspaceId, owner.userId, [])).lands).toBe(false);
  });

  it("is counted on the owner's overview until first complete, then remembered: neither counted nor shown again", async ({
    world,
    db,
  }) => {
    const { workspaceId, owner } = world;
    const landed = [{ landNotSet: false }] as Parameters<typeof firstRunChecklist>[2];
    let reads = 0;
    const companies = async () => {
      reads += 1;
      return landed;
    };
    // No client asked in (yet): the checklist is not complete.
    await db.workspaceInvitation.updateMany({ where: { workspaceId }, data: { revokedAt: new Date() } });
    const open = await ownersFirstRun(workspaceId, owner.userId, companies);
    expect(open?.complete).toBe(false);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).firstRunCompletedAt).toBeNull();

    await db.workspaceInvitation.create({
      data: {
        workspaceId,
        tokenHash: randomBytes(16).toString("hex"),
        roles: ["client"],
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    await db.auditEntry.create({ data: { workspaceId, kind: "workspace.renamed", details: { from: "a", to: "b" } } });
    expect((await ownersFirstRun(workspaceId, owner.userId, companies))?.complete).toBe(true);
    const completedAt = (await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).firstRunCompletedAt;
    expect(completedAt).not.toBeNull();

    // From now on: no checklist, its companies not read, even when a step would read undone again.
    await db.workspaceInvitation.updateMany({ where: { workspaceId }, data: { revokedAt: new Date() } });
    expect(await ownersFirstRun(workspaceId, owner.userId, companies)).toBeNull();
    expect(reads).toBe(2);
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).firstRunCompletedAt).toEqual(
      completedAt,
    );
  });
});
