import "server-only";
import { recordInvitation, recordMemberJoined } from "./audit";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "@/lib/http/api-error";
import { invitationTokensPerPerson } from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import { heldBy, isNotFound, refusal } from "./access";
import {
  WORKSPACE_ROLES,
  type CreatedInvitation,
  type InvitationState,
  type InvitationView,
  type Invitee,
  type WorkspaceRoleName,
} from "../schemas";
import { hashInvitationToken, isWellFormedToken, newInvitationToken } from "./token";

/**
 * Invitation links: an owner makes one for given roles; it is used once, lasts 7 days and can be
 * revoked. The secret is in the link only: the database holds its SHA-256, so a read of the
 * table does not let anyone join. An invitation may name the person it is for (e-mail, name):
 * then only someone whose e-mail, as the accounting service reports it, is that one can use it;
 * anyone else is refused (`invitation_other_person`) and the link stays open. Opening or using
 * links counts against the person's rate limit (lib/rate-limit/limits.ts: guessing is stopped).
 */

export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const VIEW_SELECT = {
  id: true,
  roles: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  usedAt: true,
  createdBy: { select: { displayName: true, email: true } },
  usedBy: { select: { displayName: true, email: true } },
  inviteeEmail: true,
  inviteeName: true,
} satisfies Prisma.WorkspaceInvitationSelect;

type ViewRow = Prisma.WorkspaceInvitationGetPayload<{ select: typeof VIEW_SELECT }>;

function personName(person: { displayName: string | null; email: string | null } | null): string | null {
  return person ? (person.displayName ?? person.email ?? "—") : null;
}

function ordered(roles: readonly string[]): WorkspaceRoleName[] {
  return WORKSPACE_ROLES.filter((role) => roles.includes(role));
}

function stateOf(row: { revokedAt: Date | null; usedAt: Date | null; expiresAt: Date }, now = Date.now()): InvitationState {
  if (row.revokedAt) return "revoked";
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now) return "expired";
  return "open";
}

function viewOf(row: ViewRow): InvitationView {
  return {
    id: row.id,
    roles: ordered(row.roles),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    state: stateOf(row),
    createdBy: personName(row.createdBy),
    usedBy: personName(row.usedBy),
    usedAt: row.usedAt?.toISOString() ?? null,
    invitee: row.inviteeEmail ? { email: row.inviteeEmail, name: row.inviteeName } : null,
  };
}

/** E-mail addresses are compared without case and surrounding spaces (as people type them). */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function invitationLink(token: string): string {
  return new URL(`/invitations/${token}`, serverEnv().NEXTAUTH_URL).href;
}

/** An owner makes a link for `roles`, for anyone or for the named `invitee`; the answer is the only time the link is known. */
export async function createInvitation(
  actorId: string,
  workspaceId: string,
  roles: WorkspaceRoleName[],
  invitee?: Invitee,
): Promise<CreatedInvitation> {
  const token = newInvitationToken();
  const now = new Date();
  try {
    const row = await getDb().$transaction(async (tx) => {
      // The owner check is the update's own `where`: the invitation is made through the workspace row.
      const workspace = await tx.workspace.update({
        where: { id: workspaceId, AND: [heldBy(actorId, ["owner"])] },
        data: {
          invitations: {
            create: {
              tokenHash: hashInvitationToken(token),
              roles,
              createdById: actorId,
              createdAt: now,
              expiresAt: new Date(now.getTime() + INVITATION_VALID_MS),
              inviteeEmail: invitee?.email.trim() || null,
              inviteeName: invitee?.name?.trim() || null,
            },
          },
        },
        select: { invitations: { where: { tokenHash: hashInvitationToken(token) }, select: VIEW_SELECT } },
      });
      const created = workspace.invitations[0]!;
      await recordInvitation(tx, "invitation.created", workspaceId, actorId, created);
      return created;
    });
    return { invitation: viewOf(row), token, link: invitationLink(token) };
  } catch (error) {
    if (isNotFound(error)) throw await refusal(actorId, workspaceId);
    throw error;
  }
}

/** A workspace's invitations, newest first, for its owners. */
export async function listInvitations(actorId: string, workspaceId: string): Promise<InvitationView[]> {
  const workspace = await getDb().workspace.findFirst({
    where: { id: workspaceId, AND: [heldBy(actorId, ["owner"])] },
    select: { invitations: { select: VIEW_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] } },
  });
  if (!workspace) throw await refusal(actorId, workspaceId);
  return workspace.invitations.map(viewOf);
}

/** An owner revokes an invitation not used yet; revoking twice changes nothing. */
export async function revokeInvitation(actorId: string, workspaceId: string, invitationId: string): Promise<InvitationView[]> {
  const count = await getDb().$transaction(async (tx) => {
    const revoked = await tx.workspaceInvitation.updateManyAndReturn({
      where: { id: invitationId, workspaceId, usedAt: null, revokedAt: null, workspace: heldBy(actorId, ["owner"]) },
      data: { revokedAt: new Date() },
      select: { id: true, roles: true },
    });
    for (const invitation of revoked) await recordInvitation(tx, "invitation.revoked", workspaceId, actorId, invitation);
    return revoked.length;
  });
  const invitations = await listInvitations(actorId, workspaceId);
  if (count === 0 && !invitations.some((invitation) => invitation.id === invitationId)) throw new ApiError("not_found");
  if (count === 0 && invitations.find((invitation) => invitation.id === invitationId)?.state === "used")
    throw new ApiError("invitation_used");
  return invitations;
}

/** What opening a link shows. Only a link that can be used (or whose person is a member) names its workspace. */
export type InvitationCheck =
  | { state: "invalid" | "expired" | "revoked" | "used" }
  /** The link names someone else: the signed-in person's e-mail (as last reported) is not theirs. */
  | { state: "other_person"; yourEmail: string | null }
  /** Too many links opened in a minute (lib/rate-limit): nothing was looked up. */
  | { state: "rate_limited"; retryAfterSeconds: number }
  | { state: "member"; workspaceId: string; workspaceName: string }
  | { state: "open"; workspaceName: string; roles: WorkspaceRoleName[]; invitedBy: string | null };

const CHECK_SELECT = {
  id: true,
  workspaceId: true,
  roles: true,
  expiresAt: true,
  revokedAt: true,
  usedAt: true,
  workspace: { select: { name: true } },
  createdBy: { select: { displayName: true, email: true } },
  inviteeEmail: true,
} satisfies Prisma.WorkspaceInvitationSelect;

/** The person opening a link: their id, and their e-mail as the accounting service reports it. */
export interface Opener {
  id: string;
  email: string | null;
}

async function checkWith(
  db: Prisma.TransactionClient,
  token: string,
  person: Opener | null,
): Promise<InvitationCheck & { row?: { id: string; workspaceId: string; roles: WorkspaceRoleName[] } }> {
  const userId = person?.id ?? null;
  if (!isWellFormedToken(token)) return { state: "invalid" };
  const row = await db.workspaceInvitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, select: CHECK_SELECT });
  if (!row) return { state: "invalid" };
  const state = stateOf(row);
  if (state !== "open") return { state };
  if (userId) {
    const member = await db.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId: row.workspaceId, userId } },
      select: { userId: true },
    });
    if (member) return { state: "member", workspaceId: row.workspaceId, workspaceName: row.workspace.name };
    if (row.inviteeEmail && !sameEmail(person?.email, row.inviteeEmail)) return { state: "other_person", yourEmail: person?.email ?? null };
  }
  const roles = ordered(row.roles);
  return {
    state: "open",
    workspaceName: row.workspace.name,
    roles,
    invitedBy: personName(row.createdBy),
    row: { id: row.id, workspaceId: row.workspaceId, roles },
  };
}

/** Whether the link names a person (their e-mail is then needed to check it). */
async function invitationNamesPerson(token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const row = await getDb().workspaceInvitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: { inviteeEmail: true },
  });
  return !!row?.inviteeEmail;
}

/** A signed-in person's use of a link counts against their limit: 429 `rate_limited` beyond it. */
async function countAttempt(userId: string): Promise<void> {
  await takeRateLimits([{ rule: invitationTokensPerPerson(), subject: userId }]);
}

/**
 * The state of a link as its opener sees it (signed out: `person` null). Changes nothing but
 * the signed-in person's count of links opened (beyond their limit: `rate_limited`).
 */
export async function checkInvitation(token: string, person: Opener | null): Promise<InvitationCheck> {
  if (person) {
    try {
      await countAttempt(person.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === "rate_limited")
        return { state: "rate_limited", retryAfterSeconds: error.retryAfterSeconds ?? 60 };
      throw error;
    }
  }
  const { row: _row, ...check } = await checkWith(getDb(), token, person);
  return check;
}

const REFUSALS: Record<Exclude<InvitationCheck["state"], "open" | "rate_limited">, () => ApiError> = {
  invalid: () => new ApiError("invitation_invalid"),
  expired: () => new ApiError("invitation_expired"),
  revoked: () => new ApiError("invitation_revoked"),
  used: () => new ApiError("invitation_used"),
  member: () => new ApiError("already_member"),
  other_person: () => new ApiError("invitation_other_person"),
};

/**
 * The signed-in person joins with the link's roles and works in the workspace from now on. The
 * invitation's row is locked first, so of two people opening one link at once only one joins;
 * every other case is refused with its code and changes nothing. For a link that names a person,
 * `reportedEmail` asks the accounting service for this person's e-mail (before the row lock:
 * no upstream call while it is held); a link for anyone needs none.
 */
export async function acceptInvitation(
  token: string,
  userId: string,
  reportedEmail: () => Promise<string | null> = async () => null,
): Promise<{ workspaceId: string }> {
  await countAttempt(userId);
  const email = (await invitationNamesPerson(token)) ? await reportedEmail() : null;
  const workspaceId = await getDb().$transaction(async (tx) => {
    if (isWellFormedToken(token))
      await tx.$queryRaw`SELECT id FROM workspace_invitations WHERE token_hash = ${hashInvitationToken(token)} FOR UPDATE`;
    const check = await checkWith(tx, token, { id: userId, email });
    if (check.state !== "open" || !check.row)
      throw REFUSALS[check.state === "open" || check.state === "rate_limited" ? "invalid" : check.state]();
    const { id, workspaceId: joined, roles } = check.row;
    await tx.workspaceMember.create({ data: { workspaceId: joined, userId, roles } });
    await tx.workspaceInvitation.update({ where: { id }, data: { usedAt: new Date(), usedById: userId } });
    await tx.user.update({ where: { id: userId }, data: { activeWorkspaceId: joined } });
    await recordMemberJoined(tx, joined, userId, roles, id);
    return joined;
  });
  sessionCache().forget(userId);
  return { workspaceId };
}

/** For sending by e-mail: the link's invitation when it is an open one of this workspace and the actor is its owner. */
export async function openInvitationOf(
  actorId: string,
  workspaceId: string,
  token: string,
): Promise<{ workspaceName: string; roles: WorkspaceRoleName[]; expiresAt: Date; inviteeEmail: string | null } | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await getDb().workspaceInvitation.findFirst({
    where: { tokenHash: hashInvitationToken(token), workspaceId, workspace: heldBy(actorId, ["owner"]) },
    select: { roles: true, expiresAt: true, revokedAt: true, usedAt: true, inviteeEmail: true, workspace: { select: { name: true } } },
  });
  if (!row || stateOf(row) !== "open") return null;
  return { workspaceName: row.workspace.name, roles: ordered(row.roles), expiresAt: row.expiresAt, inviteeEmail: row.inviteeEmail };
}
