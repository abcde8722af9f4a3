import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { WorkspaceRole } from "@/lib/db/generated/enums";
import type { OverviewAnswer } from "../types";

/**
 * The first-run checklist an owner sees on /overview until the firm is set up: each step a
 * question of the database, so a step is ticked whoever did it and however (a colleague's
 * invitation accepted counts as much as one still open). Nothing is stored for the checklist.
 */
export const FIRST_RUN_STEPS = ["name", "payroll", "lands", "colleague", "client"] as const;
export type FirstRunStep = (typeof FIRST_RUN_STEPS)[number];

/** Where each step is done. */
export const FIRST_RUN_LINKS: Record<FirstRunStep, string> = {
  name: "/settings/workspace",
  payroll: "/payroll",
  lands: "/overview",
  colleague: "/settings/workspace",
  client: "/settings/workspace",
};

export interface FirstRunChecklist {
  steps: { step: FirstRunStep; done: boolean; href: string }[];
  /** Every step done: the checklist is no longer shown. */
  complete: boolean;
}

/**
 * The checklist of `workspaceId` for its owner. `companies` are the overview's rows without filters
 * (every payroll company of the workspace's connections): the Land step is done when each has one.
 */
export async function firstRunChecklist(
  workspaceId: string,
  ownerId: string,
  companies: Pick<OverviewAnswer, "rows">["rows"],
): Promise<FirstRunChecklist> {
  const db = getDb();
  const openInvitation = { revokedAt: null, usedAt: null, expiresAt: { gt: now() } };
  const [renamed, connections, colleagues, clients] = await Promise.all([
    db.auditEntry.count({ where: { workspaceId, kind: "workspace.renamed" } }),
    db.payrollConnection.count({ where: { workspaceId, disconnectedAt: null } }),
    countPeople(workspaceId, ownerId, false, openInvitation),
    countPeople(workspaceId, ownerId, true, openInvitation),
  ]);
  const done: Record<FirstRunStep, boolean> = {
    name: renamed > 0,
    payroll: connections > 0,
    lands: companies.length > 0 && companies.every((row) => !row.landNotSet),
    colleague: colleagues > 0,
    client: clients > 0,
  };
  const steps = FIRST_RUN_STEPS.map((step) => ({ step, done: done[step], href: FIRST_RUN_LINKS[step] }));
  return { steps, complete: steps.every((step) => step.done) };
}

/**
 * What an owner's /overview shows of the checklist: null once it was seen complete (one read by
 * the workspace's key, no counts); else the checklist, its completion remembered the first time it
 * is complete. `companies` is read only when the checklist is counted.
 */
export async function ownersFirstRun(
  workspaceId: string,
  ownerId: string,
  companies: () => Promise<Pick<OverviewAnswer, "rows">["rows"]>,
): Promise<FirstRunChecklist | null> {
  const db = getDb();
  const workspace = await db.workspace.findUnique({
    where: { id: workspaceId },
    select: { firstRunCompletedAt: true },
  });
  if (!workspace || workspace.firstRunCompletedAt) return null;
  const checklist = await firstRunChecklist(workspaceId, ownerId, await companies());
  if (checklist.complete)
    await db.workspace.updateMany({
      where: { id: workspaceId, firstRunCompletedAt: null },
      data: { firstRunCompletedAt: now() },
    });
  return checklist;
}

/** Other members, and open invitations, that are clients (or that are not): a colleague or a client asked in. */
async function countPeople(
  workspaceId: string,
  ownerId: string,
  client: boolean,
  openInvitation: object,
): Promise<number> {
  const db = getDb();
  const roles: { has: WorkspaceRole } | { hasSome: WorkspaceRole[] } = client
    ? { has: "client" }
    : { hasSome: ["owner", "clerk", "approver", "viewer"] };
  const [members, invitations] = await Promise.all([
    db.workspaceMember.count({ where: { workspaceId, userId: { not: ownerId }, roles: { ...roles } } }),
    db.workspaceInvitation.count({ where: { workspaceId, ...openInvitation, roles: { ...roles } } }),
  ]);
  return members + invitations;
}
