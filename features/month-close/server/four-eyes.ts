import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { auditMonthStep, type MonthActor } from "./audit";

type Db = Prisma.TransactionClient;

/**
 * Four eyes: the approver is not the person who submitted. The workspace's setting when an owner
 * chose one (`workspaces.four_eyes` true or false), else the default: on while the workspace has
 * two or more members. Computed rather than stored when the second member joins, so the default
 * follows members joining and leaving, and an owner's choice is never overwritten.
 */
/** Who counts for the default: the firm's members; a client prepares no month of the firm's (features/workspaces/permissions.ts). */
const FIRM_MEMBERS = { where: { NOT: { roles: { has: "client" as const } } } };

export async function effectiveFourEyes(db: Db, workspaceId: string): Promise<boolean> {
  const workspace = await db.workspace.findUnique({
    where: { id: workspaceId },
    select: { fourEyes: true, _count: { select: { members: FIRM_MEMBERS } } },
  });
  if (!workspace) return true;
  return workspace.fourEyes ?? workspace._count.members >= 2;
}

export interface FourEyesSetting {
  /** The owner's choice; null while the default applies. */
  setting: boolean | null;
  effective: boolean;
  members: number;
}

export async function fourEyesSetting(workspaceId: string): Promise<FourEyesSetting> {
  const workspace = await getDb().workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { fourEyes: true, _count: { select: { members: FIRM_MEMBERS } } },
  });
  const members = workspace._count.members;
  return { setting: workspace.fourEyes, effective: workspace.fourEyes ?? members >= 2, members };
}

/**
 * An owner switches four eyes on or off (null: back to the default); recorded in the audit trail.
 * A non-member gets 404, a member who is not an owner 403.
 */
export async function setFourEyes(
  person: { userId: string; name: string },
  workspaceId: string,
  enabled: boolean | null,
): Promise<FourEyesSetting> {
  const member = await getDb().workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: person.userId } },
    select: { roles: true },
  });
  if (!member) throw new ApiError("not_found");
  if (!member.roles.includes("owner"))
    throw new ApiError("forbidden", "Only an owner of the workspace may change four eyes.");
  const actor: MonthActor = { ...person, workspaceId, roles: member.roles };
  await getDb().$transaction(async (tx) => {
    await tx.workspace.update({ where: { id: actor.workspaceId }, data: { fourEyes: enabled }, select: { id: true } });
    await auditMonthStep(tx, { kind: "workspace.four_eyes", actor, enabled });
  });
  return fourEyesSetting(actor.workspaceId);
}
