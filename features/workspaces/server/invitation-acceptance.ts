import "server-only";
import { recordMemberJoined } from "./audit";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import { invitationTokensPerPerson } from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import type { WorkspaceRoleName } from "../schemas";
import { ordered, personName, sameEmail, stateOf } from "./invitation-state";
import { hashInvitationToken, isWellFormedToken } from "./token";
import { grantInvitationCompanies } from "./client-companies";

/**
 * Opening and using an invitation link (the owner's side is in ./invitations). A link that names
 * a person can be used only by someone whose e-mail, as the accounting service reports it, is
 * theirs; anyone else is refused (`invitation_other_person`) and the link stays open. Opening or
 * using links counts against the person's rate limit (lib/rate-limit/limits.ts: guessing is stopped).
 */

/** What opening a link shows. Only a link that can be used (or whose person is a member) names its workspace. */
export type InvitationCheck =
  | { state: "invalid" | "expired" | "revoked" | "used" }
  /** The link names someone else: the signed-in person's e-mail (as last reported) is not theirs. */
  | { state: "other_person"; yourEmail: string | null }
  /** Too many links opened in a minute (lib/rate-limit): nothing was looked up. */
  | { state: "rate_limited"; retryAfterSeconds: number }
  /** Already a member; `client`: as the firm's client (their way in is their companies, not the workspace's settings). */
  | { state: "member"; workspaceId: string; workspaceName: string; client?: true }
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
  const row = await db.workspaceInvitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: CHECK_SELECT,
  });
  if (!row) return { state: "invalid" };
  const state = stateOf(row);
  if (state !== "open") return { state };
  if (userId) {
    const member = await db.workspaceMember.findUnique({
      where: { workspaceId_userId: { workspaceId: row.workspaceId, userId } },
      select: { roles: true },
    });
    if (member)
      return {
        state: "member",
        workspaceId: row.workspaceId,
        workspaceName: row.workspace.name,
        ...(member.roles.includes("client") ? { client: true as const } : {}),
      };
    if (row.inviteeEmail && !sameEmail(person?.email, row.inviteeEmail))
      return { state: "other_person", yourEmail: person?.email ?? null };
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
    // A client's link names their companies: they reach those only (features/payroll/server/access.ts).
    if (roles.includes("client")) await grantInvitationCompanies(tx, id, joined, userId);
    await tx.workspaceInvitation.update({ where: { id }, data: { usedAt: new Date(), usedById: userId } });
    await tx.user.update({ where: { id: userId }, data: { activeWorkspaceId: joined } });
    await recordMemberJoined(tx, joined, userId, roles, id);
    return joined;
  });
  sessionCache().forget(userId);
  return { workspaceId };
}
