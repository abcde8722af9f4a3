import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { DomainEvent, MonthEvent, MonthSubmitted } from "@/lib/events/events";
import type { NotificationKind } from "../kinds";
import { notify } from "./notify";

type Tx = Prisma.TransactionClient;

/**
 * Who is told of which event (issue #27, #28): a month handed in by its client → the company's
 * assigned clerks (payroll_company_assignees), or with none the workspace's clerks and owners; sent
 * back (with its reason) → the company's clients (workspace_member_companies); a month submitted → whoever may approve it (the roles
 * granting `payroll.approve`, named in the event: approvers and owners), not the submitter; approved → the submitter; a Transfer's outcome → submitter and
 * approver; reopened (with its reason) → the clerk who submitted; an invitation accepted → the
 * inviter; a connection needing attention → the owners; removed → that person. Nobody is told of
 * their own step, except of a Transfer's outcome (the job's, which arrives later). Apart from the
 * person removed, only people still members of the workspace are told.
 */

interface Told {
  kind: NotificationKind;
  userIds: (string | null)[];
  link: string;
  data: Record<string, unknown>;
  /** Told even when they are no longer a member (the person removed). */
  anyone?: boolean;
  /** Their own step tells them too. */
  actorToo?: boolean;
}

const monthLink = (event: MonthEvent, page: "hours" | "review") =>
  page === "review"
    ? `/payroll/companies/${event.companyId}/review?month=${event.period}`
    : `/payroll/companies/${event.companyId}/hours`;

function monthData(event: MonthEvent): Record<string, unknown> {
  return {
    companyId: event.companyId,
    companyName: event.companyName,
    period: event.period,
    actorName: event.actor.name,
  };
}

async function membersWithRole(tx: Tx, workspaceId: string, role: "owner"): Promise<string[]> {
  const rows = await tx.workspaceMember.findMany({
    where: { workspaceId, roles: { has: role } },
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

/**
 * Whoever may approve a submitted month: the roles the permission table grants it (named in the
 * event by the month close, above this layer), so an owner approving alone is told too.
 */
async function approvers(tx: Tx, event: MonthSubmitted): Promise<string[]> {
  const rows = await tx.workspaceMember.findMany({
    where: { workspaceId: event.workspaceId, roles: { hasSome: [...event.approverRoles] } },
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

/** Who reviews a handed-in month: the company's assignees (owners and clerks by rule), else every clerk and owner of the workspace. */
async function firmReviewers(tx: Tx, event: MonthEvent): Promise<string[]> {
  const assigned = await tx.payrollCompanyAssignee.findMany({
    where: {
      connectionId: event.connectionId,
      companyId: event.companyId,
      user: { memberships: { some: { workspaceId: event.workspaceId, roles: { hasSome: ["clerk", "owner"] } } } },
    },
    select: { userId: true },
  });
  if (assigned.length) return assigned.map((row) => row.userId);
  const rows = await tx.workspaceMember.findMany({
    where: { workspaceId: event.workspaceId, roles: { hasSome: ["clerk", "owner"] } },
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

/** The company's clients: members holding the client role with this company of this connection. */
async function companyClients(tx: Tx, event: MonthEvent): Promise<string[]> {
  const rows = await tx.workspaceMemberCompany.findMany({
    where: {
      workspaceId: event.workspaceId,
      connectionId: event.connectionId,
      companyId: event.companyId,
      member: { roles: { has: "client" } },
    },
    select: { userId: true },
  });
  return rows.map((row) => row.userId);
}

async function workspaceName(tx: Tx, workspaceId: string): Promise<string | null> {
  return (await tx.workspace.findUnique({ where: { id: workspaceId }, select: { name: true } }))?.name ?? null;
}

async function toldOf(tx: Tx, event: DomainEvent): Promise<Told | null> {
  switch (event.type) {
    case "month.handed_in":
      return {
        kind: "month_handed_in",
        userIds: await firmReviewers(tx, event),
        link: monthLink(event, "review"),
        data: monthData(event),
      };
    case "month.sent_back":
      return {
        kind: "month_sent_back",
        userIds: await companyClients(tx, event),
        link: monthLink(event, "hours"),
        data: { ...monthData(event), reason: event.reason },
      };
    case "month.submitted":
      return {
        kind: "month_submitted",
        userIds: await approvers(tx, event),
        link: monthLink(event, "review"),
        data: monthData(event),
      };
    case "month.approved":
      return {
        kind: "month_approved",
        userIds: [event.submittedById],
        link: monthLink(event, "hours"),
        data: monthData(event),
      };
    case "month.reopened":
      return {
        kind: "month_reopened",
        userIds: [event.submittedById],
        link: monthLink(event, "hours"),
        data: { ...monthData(event), reason: event.reason },
      };
    case "month.transferred":
    case "month.transfer_unclear":
    case "month.waiting_for_pay_run":
      return {
        kind: "month_transfer",
        userIds: [event.submittedById, event.approvedById],
        link: monthLink(event, "hours"),
        data: { ...monthData(event), outcome: event.type.slice("month.".length) },
        actorToo: true,
      };
    case "member.joined":
      return {
        kind: "invitation_accepted",
        userIds: [event.invitedById],
        link: "/settings/workspace",
        data: { memberName: event.actor.name, workspaceName: await workspaceName(tx, event.workspaceId) },
      };
    case "member.removed":
      return {
        kind: "member_removed",
        userIds: [event.userId],
        link: "/",
        data: { workspaceName: await workspaceName(tx, event.workspaceId), actorName: event.actor.name },
        anyone: true,
      };
    case "connection.attention":
      return {
        kind: "connection_attention",
        userIds: await membersWithRole(tx, event.workspaceId, "owner"),
        link: event.connectionKind === "payroll" ? "/payroll" : "/settings/connection",
        data: {
          connectionKind: event.connectionKind,
          reason: event.reason,
          workspaceName: await workspaceName(tx, event.workspaceId),
        },
        actorToo: true,
      };
    case "audit.checkpoint":
      return {
        kind: "audit_checkpoint",
        userIds: await membersWithRole(tx, event.workspaceId, "owner"),
        link: "/audit",
        data: {
          count: event.count,
          headHash: event.headHash,
          signedAt: event.signedAt,
          keyFingerprint: event.keyFingerprint,
          statement: event.statement,
          signature: event.signature,
          workspaceName: await workspaceName(tx, event.workspaceId),
        },
        actorToo: true,
      };
    case "month.withdrawn":
    case "member.roles_changed":
      return null;
  }
}

/** The notifications consumer of the domain events (lib/events/server/emit.ts). */
export async function notifyOfEvent(tx: Tx, event: DomainEvent): Promise<void> {
  const told = await toldOf(tx, event);
  if (!told) return;
  let userIds = [...new Set(told.userIds.filter((id): id is string => id !== null))];
  if (!told.actorToo) userIds = userIds.filter((id) => id !== event.actor.id);
  if (!told.anyone && userIds.length) {
    const members = await tx.$queryRaw<{ userId: string }[]>`
      SELECT user_id::text AS "userId" FROM workspace_members
       WHERE workspace_id = ${event.workspaceId}::uuid AND user_id = ANY(${userIds}::uuid[])`;
    userIds = members.map((member) => member.userId);
  }
  if (userIds.length === 0) return;
  await notify(tx, {
    userIds,
    kind: told.kind,
    dedupeKey: dedupeKeyOf(event),
    workspaceId: event.workspaceId,
    data: told.data,
    link: told.link,
  });
}

/** One event, once: its type, its subject and its time (a transaction that retries emits the same event again). */
export function dedupeKeyOf(event: DomainEvent): string {
  const subject =
    "monthCloseId" in event
      ? event.monthCloseId
      : "userId" in event
        ? event.userId
        : "checkpointId" in event
          ? event.checkpointId
          : event.connectionId;
  return `${event.type}:${event.workspaceId}:${subject}:${event.occurredAt}`;
}
