import "server-only";
import type { SessionUser } from "@/lib/auth/server/session-store";
import type { Prisma } from "@/lib/db/generated/client";
import type { AuditKind } from "../kinds";

/**
 * Writing the audit trail. Every call takes the transaction of the change it records, so the
 * entry and the change are committed together or not at all.
 */

/** Who acts, and in which workspace the entry belongs. */
export interface AuditActor {
  workspaceId: string;
  /** null for the system (an import's worker acting on its own). */
  userId: string | null;
  /**
   * For the actor's domain events and mails. A person's name is not stored in the entry: it is
   * named by `userId` and read when shown, so that it can be erased (docs/adr/0298).
   */
  name: string | null;
}

/** What `actor_name` stores: nothing for a person (by reference), the system's label as given. */
export function storedActorName(actor: AuditActor): string | null {
  return actor.userId ? null : actor.name;
}

export interface AuditEntryInput {
  kind: AuditKind;
  companyId?: number | null;
  period?: string | null;
  subjectId?: string | null;
  details: Record<string, unknown>;
}

type Tx = Prisma.TransactionClient;

/**
 * The signed-in person as an actor in their active workspace: the one whose payroll connections
 * their requests reach (features/payroll/server/access.ts), so a payroll change is recorded where its data
 * lives. Null only before their first sign-in made them a workspace: nothing can be recorded then.
 */
export function auditActorOf(user: Pick<SessionUser, "id" | "displayName" | "email" | "workspace">): AuditActor | null {
  if (!user.workspace) return null;
  return { workspaceId: user.workspace.id, userId: user.id, name: user.displayName ?? user.email ?? null };
}

/** Records one entry in `tx`. A null actor records nothing (no workspace yet; the bench's baseline). */
export async function recordAudit(tx: Tx, actor: AuditActor | null, entry: AuditEntryInput): Promise<void> {
  if (!actor) return;
  await tx.auditEntry.create({ data: auditRow(actor, entry), select: { id: true } });
}

/** An entry's row: who (the actor, in their workspace) and what. */
function auditRow(actor: AuditActor, entry: AuditEntryInput) {
  return {
    workspaceId: actor.workspaceId,
    actorId: actor.userId,
    actorName: storedActorName(actor),
    kind: entry.kind,
    companyId: entry.companyId ?? null,
    period: entry.period ?? null,
    subjectId: entry.subjectId ?? null,
    details: entry.details as Prisma.InputJsonObject,
  };
}

/**
 * Records many entries of one actor in `tx` with one statement: the same rows as a `recordAudit`
 * per entry (same columns, same transaction time), for a step that changes many things at once
 * (a month's warnings acknowledged by rule), where a round trip per row would take seconds.
 */
export async function recordAuditMany(
  tx: Tx,
  actor: AuditActor | null,
  entries: readonly AuditEntryInput[],
): Promise<void> {
  if (!actor || entries.length === 0) return;
  await tx.auditEntry.createMany({ data: entries.map((entry) => auditRow(actor, entry)) });
}

/** A person's name as entries show it. */
export function personName(
  person: { displayName: string | null; email: string | null } | null | undefined,
): string | null {
  return person ? (person.displayName ?? person.email ?? null) : null;
}
