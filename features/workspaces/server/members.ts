import "server-only";
import { recordMemberRemoved, recordRolesChanged, recordWorkspaceRenamed } from "./audit";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { grants, refusal } from "./access";
import { namesOf } from "./client-companies";
import { WORKSPACE_ROLES, type MemberView, type WorkspaceRoleName, type WorkspaceSummary } from "../schemas";

/**
 * Workspaces, their members and roles. Every query names the acting person, and its `where`
 * requires their membership (and role): see access.ts.
 */

function ordered(roles: readonly string[]): WorkspaceRoleName[] {
  return WORKSPACE_ROLES.filter((role) => roles.includes(role));
}

/** The workspaces a person belongs to: their personal one first, then by name. */
export async function listMyWorkspaces(userId: string): Promise<WorkspaceSummary[]> {
  const rows = await getDb().workspaceMember.findMany({
    where: { userId },
    select: { roles: true, workspace: { select: { id: true, name: true, personalUserId: true } } },
  });
  return rows
    .map((row) => ({
      id: row.workspace.id,
      name: row.workspace.name,
      personal: row.workspace.personalUserId === userId,
      roles: ordered(row.roles),
    }))
    .sort(
      (a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
}

/** Stores the person's choice of workspace; false when they are not a member of it. */
export async function chooseWorkspace(userId: string, workspaceId: string): Promise<boolean> {
  const { count } = await getDb().user.updateMany({
    where: { id: userId, memberships: { some: { workspaceId } } },
    data: { activeWorkspaceId: workspaceId },
  });
  sessionCache().forget(userId);
  return count === 1;
}

/**
 * The members of a workspace with a client's companies, for the firm's members (owners manage
 * them); a client sees no one (403: `workspace.read`, features/workspaces/permissions.ts).
 */
export async function listMembers(userId: string, workspaceId: string): Promise<MemberView[]> {
  const db = getDb();
  const rows = await db.workspaceMember.findMany({
    where: { workspaceId, workspace: grants(userId, "workspace.read") },
    select: {
      userId: true,
      roles: true,
      createdAt: true,
      user: { select: { displayName: true, email: true } },
      companies: {
        select: { connectionId: true, companyId: true },
        orderBy: [{ connectionId: "asc" }, { companyId: "asc" }],
      },
    },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  // A member always sees at least themselves: nothing means the person is not one (or a client).
  if (rows.length === 0) throw await refusal(userId, workspaceId);
  const named = await namesOf(
    db,
    rows.flatMap((row) => row.companies),
  );
  const names = new Map(named.map((company) => [`${company.connectionId}/${company.companyId}`, company]));
  return rows.map((row) => ({
    userId: row.userId,
    name: row.user.displayName ?? row.user.email ?? row.userId.slice(0, 8),
    email: row.user.email,
    roles: ordered(row.roles),
    joinedAt: row.createdAt.toISOString(),
    companies: row.companies.map((company) => names.get(`${company.connectionId}/${company.companyId}`)!),
  }));
}

const LAST_OWNER_MESSAGE = "A workspace always keeps an owner: make another member owner first.";

/**
 * Within a transaction: locks the workspace when `actorId` may manage `memberId` in it (an owner;
 * or the member themselves when `selfAllowed`), so concurrent changes of owners run one after the
 * other and the last-owner rule holds. Answers the member's roles, or throws the refusal.
 */
async function lockForChange(
  tx: Prisma.TransactionClient,
  actorId: string,
  workspaceId: string,
  memberId: string,
  selfAllowed: boolean,
): Promise<WorkspaceRoleName[]> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT w.id FROM workspaces w
    JOIN workspace_members actor ON actor.workspace_id = w.id AND actor.user_id = ${actorId}::uuid
    WHERE w.id = ${workspaceId}::uuid AND ('owner' = ANY(actor.roles) OR (${selfAllowed} AND actor.user_id = ${memberId}::uuid))
    FOR UPDATE OF w`;
  if (locked.length === 0) throw await refusal(actorId, workspaceId);
  const member = await tx.workspaceMember.findUnique({
    where: { workspaceId_userId: { workspaceId, userId: memberId } },
    select: { roles: true },
  });
  if (!member) throw new ApiError("not_found", "That person is not a member of this workspace.");
  return ordered(member.roles);
}

async function otherOwners(tx: Prisma.TransactionClient, workspaceId: string, memberId: string): Promise<number> {
  return tx.workspaceMember.count({ where: { workspaceId, userId: { not: memberId }, roles: { has: "owner" } } });
}

/** An owner changes a member's roles; the last owner keeps `owner` (409 `last_owner`). */
export async function changeRoles(
  actorId: string,
  workspaceId: string,
  memberId: string,
  roles: WorkspaceRoleName[],
): Promise<MemberView[]> {
  await getDb().$transaction(async (tx) => {
    const current = await lockForChange(tx, actorId, workspaceId, memberId, false);
    // A client is made by a client's invitation (with their companies) and stays one: a firm's
    // member does not become a client here, nor a client a member of the firm (who would then reach every company).
    if (current.includes("client") !== roles.includes("client")) {
      throw new ApiError(
        "invalid",
        "A client's role is not changed: remove them and invite them again with the role they need.",
        {
          fields: { roles: "clientFixed" },
        },
      );
    }
    if (current.includes("owner") && !roles.includes("owner") && (await otherOwners(tx, workspaceId, memberId)) === 0) {
      throw new ApiError("last_owner", LAST_OWNER_MESSAGE);
    }
    await tx.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId, userId: memberId } },
      data: { roles },
    });
    await recordRolesChanged(tx, workspaceId, actorId, memberId, current, ordered(roles));
  });
  sessionCache().forget(memberId);
  return listMembers(actorId, workspaceId);
}

/**
 * An owner removes a member, or a member leaves. The last owner cannot go (409 `last_owner`).
 * A personal workspace whose person leaves becomes an ordinary one (they get a new personal
 * workspace at their next sign-in).
 */
export async function removeMember(actorId: string, workspaceId: string, memberId: string): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const current = await lockForChange(tx, actorId, workspaceId, memberId, true);
    if (current.includes("owner") && (await otherOwners(tx, workspaceId, memberId)) === 0) {
      throw new ApiError("last_owner", LAST_OWNER_MESSAGE);
    }
    await tx.workspaceMember.delete({ where: { workspaceId_userId: { workspaceId, userId: memberId } } });
    await tx.workspace.updateMany({
      where: { id: workspaceId, personalUserId: memberId },
      data: { personalUserId: null },
    });
    await tx.user.updateMany({
      where: { id: memberId, activeWorkspaceId: workspaceId },
      data: { activeWorkspaceId: null },
    });
    await recordMemberRemoved(tx, workspaceId, actorId, memberId, current);
  });
  // This process at once; the others through the membership trigger's notification.
  sessionCache().forget(memberId);
}

/**
 * An owner renames the workspace: its one name, which every member sees (a personal one too).
 * Recorded in the audit trail, old → new; the same name again changes and records nothing.
 */
export async function renameWorkspace(actorId: string, workspaceId: string, name: string): Promise<{ name: string }> {
  await getDb().$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ name: string }[]>`
      SELECT w.name FROM workspaces w
      JOIN workspace_members actor ON actor.workspace_id = w.id AND actor.user_id = ${actorId}::uuid
      WHERE w.id = ${workspaceId}::uuid AND 'owner' = ANY(actor.roles)
      FOR UPDATE OF w`;
    if (locked.length === 0) throw await refusal(actorId, workspaceId);
    const from = locked[0]!.name;
    if (from === name) return;
    await tx.workspace.update({ where: { id: workspaceId }, data: { name } });
    await recordWorkspaceRenamed(tx, workspaceId, actorId, from, name);
  });
  return { name };
}
