import "server-only";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { personName, recordAudit } from "@/lib/audit/server/record";
import { now } from "@/lib/clock";
import { emitEvent } from "@/lib/events/server/emit";

type Tx = Prisma.TransactionClient;

/**
 * Recording the changes of features/workspaces: members, roles and invitations. Each runs in the
 * change's transaction. Members are named by id only (`memberName` stays null since 29.11.2026: a
 * name in an append-only row could never be erased; the trail reads it when shown, docs/adr/0298).
 * The acting person's name, read there, goes to the domain events (lib/events) of the same transaction.
 */

async function nameOf(tx: Tx, userId: string): Promise<string | null> {
  return personName(await tx.user.findUnique({ where: { id: userId }, select: { displayName: true, email: true } }));
}

async function actorIn(tx: Tx, workspaceId: string, userId: string) {
  return { workspaceId, userId, name: await nameOf(tx, userId) };
}

export async function recordMemberJoined(
  tx: Tx,
  workspaceId: string,
  userId: string,
  roles: readonly string[],
  invitationId: string,
): Promise<void> {
  const actor = await actorIn(tx, workspaceId, userId);
  await recordAudit(tx, actor, {
    kind: "member.joined",
    subjectId: userId,
    details: { memberId: userId, memberName: null, roles: [...roles], invitationId },
  });
  const invitation = await tx.workspaceInvitation.findUnique({
    where: { id: invitationId },
    select: { createdById: true },
  });
  await emitEvent(tx, {
    type: "member.joined",
    workspaceId,
    occurredAt: now().toISOString(),
    actor: { id: userId, name: actor.name },
    userId,
    invitedById: invitation?.createdById ?? null,
  });
}

export async function recordRolesChanged(
  tx: Tx,
  workspaceId: string,
  actorId: string,
  memberId: string,
  from: readonly string[],
  to: readonly string[],
): Promise<void> {
  const actor = await actorIn(tx, workspaceId, actorId);
  await recordAudit(tx, actor, {
    kind: "member.roles_changed",
    subjectId: memberId,
    details: { memberId, memberName: null, from: [...from], to: [...to] },
  });
  await emitEvent(tx, {
    type: "member.roles_changed",
    workspaceId,
    occurredAt: now().toISOString(),
    actor: { id: actorId, name: actor.name },
    userId: memberId,
    roles: [...to],
  });
}

/** `member.left` when people remove themselves, else `member.removed`. */
export async function recordMemberRemoved(
  tx: Tx,
  workspaceId: string,
  actorId: string,
  memberId: string,
  roles: readonly string[],
): Promise<void> {
  const actor = await actorIn(tx, workspaceId, actorId);
  if (actorId === memberId)
    await recordAudit(tx, actor, { kind: "member.left", subjectId: memberId, details: { roles: [...roles] } });
  else
    await recordAudit(tx, actor, {
      kind: "member.removed",
      subjectId: memberId,
      details: { memberId, memberName: null, roles: [...roles] },
    });
  // Leaving is a member removed too, for other tools; the person is told only when someone else removed them.
  await emitEvent(tx, {
    type: "member.removed",
    workspaceId,
    occurredAt: now().toISOString(),
    actor: { id: actorId, name: actor.name },
    userId: memberId,
  });
}

export async function recordWorkspaceRenamed(
  tx: Tx,
  workspaceId: string,
  actorId: string,
  from: string,
  to: string,
): Promise<void> {
  await recordAudit(tx, await actorIn(tx, workspaceId, actorId), {
    kind: "workspace.renamed",
    subjectId: workspaceId,
    details: { from, to },
  });
}

export async function recordInvitation(
  tx: Tx,
  kind: "invitation.created" | "invitation.revoked",
  workspaceId: string,
  actorId: string,
  invitation: {
    id: string;
    roles: readonly string[];
    expiresAt?: Date;
    companies?: readonly { companyId: number; name: string }[];
  },
): Promise<void> {
  await recordAudit(tx, await actorIn(tx, workspaceId, actorId), {
    kind,
    subjectId: invitation.id,
    details: {
      invitationId: invitation.id,
      roles: [...invitation.roles],
      ...(invitation.expiresAt ? { expiresAt: invitation.expiresAt.toISOString() } : {}),
      ...(invitation.companies?.length ? { companies: [...invitation.companies] } : {}),
    },
  });
}

/** An invitation link sent by e-mail: the sending is the change, so it is recorded on its own once sent. */
export async function recordInvitationEmailed(
  workspaceId: string,
  actorId: string,
  to: string,
  roles: readonly string[],
): Promise<void> {
  const db = getDb();
  await recordAudit(db, await actorIn(db, workspaceId, actorId), {
    kind: "invitation.emailed",
    details: { to, roles: [...roles] },
  });
}
