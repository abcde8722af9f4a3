import "server-only";
import { recordInvitation } from "./audit";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "@/lib/http/api-error";
import { heldBy, isNotFound, refusal } from "./access";
import type { ClientCompany, CreatedInvitation, InvitationView, Invitee, WorkspaceRoleName } from "../schemas";
import { namesOf, requireWorkspaceCompanies } from "./client-companies";
import { ordered, personName, stateOf } from "./invitation-state";
import { hashInvitationToken, isWellFormedToken, newInvitationToken } from "./token";

/**
 * Invitation links, the owner's side: an owner makes one for given roles; it is used once, lasts
 * 7 days and can be revoked. The secret is in the link only: the database holds its SHA-256, so a
 * read of the table does not let anyone join. An invitation may name the person it is for
 * (e-mail, name). Opening and using a link is in ./invitation-acceptance.
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
  companies: {
    select: { connectionId: true, companyId: true },
    orderBy: [{ connectionId: "asc" }, { companyId: "asc" }],
  },
} satisfies Prisma.WorkspaceInvitationSelect;

type ViewRow = Prisma.WorkspaceInvitationGetPayload<{ select: typeof VIEW_SELECT }>;

async function viewsOf(db: Prisma.TransactionClient, rows: ViewRow[]): Promise<InvitationView[]> {
  const named = await namesOf(
    db,
    rows.flatMap((row) => row.companies),
  );
  const key = (company: ClientCompany) => `${company.connectionId}/${company.companyId}`;
  const names = new Map(named.map((company) => [key(company), company]));
  return rows.map((row) => ({ ...viewOf(row), companies: row.companies.map((company) => names.get(key(company))!) }));
}

function viewOf(row: ViewRow): Omit<InvitationView, "companies"> {
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

export function invitationLink(token: string): string {
  return new URL(`/invitations/${token}`, serverEnv().NEXTAUTH_URL).href;
}

/**
 * An owner makes a link for `roles`, for anyone or for the named `invitee`; the answer is the only
 * time the link is known. A client's link names their `companies`, each checked to be the
 * workspace's (features/workspaces/server/client-companies.ts) after the owner check, in the same transaction.
 */
export async function createInvitation(
  actorId: string,
  workspaceId: string,
  roles: WorkspaceRoleName[],
  invitee?: Invitee,
  companies: readonly ClientCompany[] = [],
): Promise<CreatedInvitation> {
  const token = newInvitationToken();
  const now = new Date();
  try {
    const view = await getDb().$transaction(async (tx) => {
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
      // The owner is checked by the update above; the companies must be this workspace's (else 422, nothing kept).
      const granted = roles.includes("client") ? await requireWorkspaceCompanies(tx, workspaceId, companies) : [];
      await tx.workspaceInvitationCompany.createMany({
        data: granted.map(({ connectionId, companyId }) => ({ invitationId: created.id, connectionId, companyId })),
      });
      await recordInvitation(tx, "invitation.created", workspaceId, actorId, { ...created, companies: granted });
      return { ...viewOf(created), companies: granted };
    });
    return { invitation: view, token, link: invitationLink(token) };
  } catch (error) {
    if (isNotFound(error)) throw await refusal(actorId, workspaceId);
    throw error;
  }
}

/** A workspace's invitations, newest first, for its owners. */
export async function listInvitations(actorId: string, workspaceId: string): Promise<InvitationView[]> {
  const db = getDb();
  const workspace = await db.workspace.findFirst({
    where: { id: workspaceId, AND: [heldBy(actorId, ["owner"])] },
    select: { invitations: { select: VIEW_SELECT, orderBy: [{ createdAt: "desc" }, { id: "asc" }] } },
  });
  if (!workspace) throw await refusal(actorId, workspaceId);
  return viewsOf(db, workspace.invitations);
}

/** An owner revokes an invitation not used yet; revoking twice changes nothing. */
export async function revokeInvitation(
  actorId: string,
  workspaceId: string,
  invitationId: string,
): Promise<InvitationView[]> {
  const count = await getDb().$transaction(async (tx) => {
    const revoked = await tx.workspaceInvitation.updateManyAndReturn({
      where: { id: invitationId, workspaceId, usedAt: null, revokedAt: null, workspace: heldBy(actorId, ["owner"]) },
      data: { revokedAt: new Date() },
      select: { id: true, roles: true },
    });
    for (const invitation of revoked)
      await recordInvitation(tx, "invitation.revoked", workspaceId, actorId, invitation);
    return revoked.length;
  });
  const invitations = await listInvitations(actorId, workspaceId);
  if (count === 0 && !invitations.some((invitation) => invitation.id === invitationId)) throw new ApiError("not_found");
  if (count === 0 && invitations.find((invitation) => invitation.id === invitationId)?.state === "used")
    throw new ApiError("invitation_used");
  return invitations;
}

/** For sending by e-mail: the link's invitation when it is an open one of this workspace and the actor is its owner. */
export async function openInvitationOf(
  actorId: string,
  workspaceId: string,
  token: string,
): Promise<{
  workspaceName: string;
  roles: WorkspaceRoleName[];
  companies: string[];
  expiresAt: Date;
  inviteeEmail: string | null;
} | null> {
  if (!isWellFormedToken(token)) return null;
  const db = getDb();
  const row = await db.workspaceInvitation.findFirst({
    where: { tokenHash: hashInvitationToken(token), workspaceId, workspace: heldBy(actorId, ["owner"]) },
    select: {
      roles: true,
      expiresAt: true,
      revokedAt: true,
      usedAt: true,
      inviteeEmail: true,
      workspace: { select: { name: true } },
      companies: VIEW_SELECT.companies,
    },
  });
  if (!row || stateOf(row) !== "open") return null;
  const companies = (await namesOf(db, row.companies)).map((company) => company.name);
  return {
    workspaceName: row.workspace.name,
    roles: ordered(row.roles),
    companies,
    expiresAt: row.expiresAt,
    inviteeEmail: row.inviteeEmail,
  };
}
