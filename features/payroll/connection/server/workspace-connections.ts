import "server-only";
import type { AuditActor } from "@/lib/audit/server/record";
import { recordDataDeleted, recordDisconnect } from "./audit";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { grants, heldBy } from "@/features/workspaces/server/access";
import { rolesFor } from "@/features/workspaces/permissions";
import { CONNECTION_INFO, OWNER_ONLY, type PayrollActor } from "./connection";
import { connectionRetention, type Retention } from "./retained";

/**
 * The workspace's payroll connections once made (connecting is in ./connection): listing them
 * with what each keeps, choosing the one a person works on, Disconnect and "Delete all payroll data".
 */

/** What Disconnect keeps and "Delete all payroll data" destroys. */
export interface KeptDataCounts {
  drafts: number;
  imports: number;
  transfers: number;
}

/** One of the workspace's payroll connections, connected or kept after Disconnect, with what it holds. */
export interface WorkspacePayrollConnection {
  id: string;
  baseUrl: string;
  username: string;
  connected: boolean;
  createdAt: Date;
  disconnectedAt: Date | null;
  /** Who connected it first (null when that person is gone). */
  createdBy: string | null;
  /** The one this person chose on /payroll (or the first connected one when they chose none). */
  chosen: boolean;
  counts: KeptDataCounts;
  /** Whether the law still keeps some of its records: then "Delete all payroll data" is refused (./retained.ts). */
  retention: Retention;
}

async function countsOf(connectionId: string): Promise<KeptDataCounts> {
  const db = getDb();
  const [employeeDrafts, entryDrafts, imports, transfers] = await Promise.all([
    db.payrollEmployeeDraft.count({ where: { connectionId } }),
    db.payrollEntryDraft.count({ where: { connectionId } }),
    db.payrollImport.count({ where: { connectionId } }),
    db.payrollEntryTransfer.count({ where: { connectionId } }),
  ]);
  return { drafts: employeeDrafts + entryDrafts, imports, transfers };
}

/** A connection of the person's workspace that they may manage: the `where` of every owner's change. */
function managed(actor: PayrollActor, connectionId: string) {
  return { id: connectionId, workspaceId: actor.workspaceId, workspace: grants(actor.userId, "payroll.manage") };
}

/** Nothing found for an owner's change: 403 for a member of the workspace holding it, else 404. */
async function connectionRefusal(actor: PayrollActor, connectionId: string): Promise<ApiError> {
  const visible = await getDb().payrollConnection.findFirst({
    where: { id: connectionId, workspace: heldBy(actor.userId) },
    select: { id: true },
  });
  return visible
    ? new ApiError("forbidden", OWNER_ONLY)
    : new ApiError("not_found", "There is no such payroll connection.");
}

/**
 * Disconnect (owners): the key is deleted; the row keeps the workspace's drafts, import reports
 * and transfer history for the same customer's next connection. Running imports are paused (they
 * cannot go on without a key) and can be resumed after reconnecting. False when it was already
 * disconnected.
 */
export async function disconnectPayroll(
  actor: PayrollActor,
  connectionId: string,
  audit: AuditActor | null,
): Promise<boolean> {
  const result = await getDb().$transaction(async (tx) => {
    const row = await tx.payrollConnection.findFirst({
      where: managed(actor, connectionId),
      select: { id: true, username: true, baseUrl: true },
    });
    if (!row) return null;
    const { count } = await tx.payrollConnection.updateMany({
      where: { ...managed(actor, connectionId), apiKeyEncrypted: { not: null } },
      data: { apiKeyEncrypted: null, disconnectedAt: new Date() },
    });
    // After the key: a worker that claims the import in between fails to get a client and leaves it.
    await tx.payrollImport.updateMany({
      where: { connectionId: row.id, status: "running" },
      data: { status: "paused", lastError: "not_connected" },
    });
    // Audit trail
    if (count > 0) await recordDisconnect(tx, audit, row);
    return count > 0;
  });
  if (result === null) throw await connectionRefusal(actor, connectionId);
  return result;
}

/**
 * "Delete all payroll data" of one connection (owners): the row with its key (if any), companies, drafts,
 * import reports and transfers — refused (409 `records_retained`) while the law still keeps some of them.
 */
export async function deletePayrollData(
  actor: PayrollActor,
  connectionId: string,
  audit: AuditActor | null,
): Promise<boolean> {
  const deleted = await getDb().$transaction(async (tx) => {
    const row = await tx.payrollConnection.findFirst({ where: managed(actor, connectionId), select: { id: true } });
    if (!row) return false;
    // Locked first: a transfer or DATEV file recorded meanwhile (its foreign key waits for this lock) is
    // either seen by the check below or made after the deletion, never deleted unseen.
    await tx.$executeRaw`SELECT 1 FROM payroll_connections WHERE id = ${row.id}::uuid FOR UPDATE`;
    // Records the law still keeps go nowhere (issue #38 §3): Disconnect keeps them; the owner is told until when.
    const retention = await connectionRetention(actor.workspaceId, row.id, tx);
    if (retention)
      throw new ApiError(
        "records_retained",
        retention.until
          ? `This connection holds sealed months, transfers or DATEV files that must be kept until ${retention.until}.`
          : "This connection holds sealed months, transfers or DATEV files that must be kept until the end of the year after each company's next social insurance audit.",
        { extra: { keepUntil: retention.until } },
      );
    // Audit trail: what goes, read before it goes.
    await recordDataDeleted(tx, audit, row.id);
    const { count } = await tx.payrollConnection.deleteMany({ where: managed(actor, connectionId) });
    return count > 0;
  });
  if (!deleted) throw await connectionRefusal(actor, connectionId);
  return true;
}

/**
 * The workspace's payroll connections (connected and kept) for a member who may read them, the
 * connected ones first; empty for anyone else.
 */
export async function workspaceConnections(actor: PayrollActor): Promise<WorkspacePayrollConnection[]> {
  const db = getDb();
  const rows = await db.payrollConnection.findMany({
    where: { workspaceId: actor.workspaceId, workspace: grants(actor.userId, "payroll.read") },
    select: {
      ...CONNECTION_INFO,
      apiKeyEncrypted: true,
      disconnectedAt: true,
      createdBy: { select: { displayName: true, email: true } },
      chosenBy: { where: { userId: actor.userId }, select: { userId: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const chosenId =
    rows.find((row) => row.chosenBy.length > 0 && row.apiKeyEncrypted)?.id ??
    rows.find((row) => row.apiKeyEncrypted)?.id;
  const views = await Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      baseUrl: row.baseUrl,
      username: row.username,
      connected: row.apiKeyEncrypted !== null,
      createdAt: row.createdAt,
      disconnectedAt: row.disconnectedAt,
      createdBy: row.createdBy ? (row.createdBy.displayName ?? row.createdBy.email) : null,
      chosen: row.id === chosenId,
      counts: await countsOf(row.id),
      retention: await connectionRetention(actor.workspaceId, row.id),
    })),
  );
  return views.sort((a, b) => Number(b.connected) - Number(a.connected));
}

/** Remembers which of the workspace's connections the person works on (any member who may read it). */
export async function choosePayrollConnection(actor: PayrollActor, connectionId: string): Promise<void> {
  const { count } = await getDb().workspaceMember.updateMany({
    where: {
      workspaceId: actor.workspaceId,
      userId: actor.userId,
      roles: { hasSome: rolesFor("payroll.read") },
      workspace: { payrollConnections: { some: { id: connectionId, apiKeyEncrypted: { not: null } } } },
    },
    data: { payrollConnectionId: connectionId },
  });
  if (count === 0) throw new ApiError("not_found", "There is no such payroll connection.");
}
