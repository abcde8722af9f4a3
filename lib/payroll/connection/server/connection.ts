import "server-only";
import { randomUUID } from "node:crypto";
import { recordDataDeleted, recordDisconnect } from "@/lib/audit/server/payroll";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { openSecret, sealSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db/client";
import { PayrollClient } from "../../server/payroll-service";
import { normaliseBaseUrl, payrollConfig } from "../../server/config";
import { syncCompanies } from "./companies";
import { PayrollNotConnectedError } from "../../errors";
import { ApiError } from "@/lib/http/api-error";
import { grants, heldBy, refusal } from "@/lib/workspaces/server/access";
import { rolesFor } from "@/lib/workspaces/permissions";
import { connectSchema, type ConnectInput } from "../schemas";

/** Who acts on payroll data: a person in their active workspace (SessionUser.workspace). */
export interface PayrollActor {
  userId: string;
  workspaceId: string;
}

const SECRET = { table: "payroll_connections", column: "api_key_encrypted" } as const;

export { connectSchema, type ConnectInput };

export class BaseUrlNotAllowedError extends Error {
  override name = "BaseUrlNotAllowedError";
}

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
}

export interface PayrollConnectionInfo {
  id: string;
  baseUrl: string;
  username: string;
  createdAt: Date;
}

export function clientFor(baseUrl: string, apiKey: string): PayrollClient {
  const config = payrollConfig();
  return new PayrollClient({ baseUrl, apiKey, authHeader: config.authHeader, timeoutMs: config.timeoutMs });
}

/**
 * Adds a payroll customer to the workspace (owners only: `payroll.manage`): verifies the key
 * with `GET /v1/username`, then stores it sealed to the workspace's row of that customer. The same
 * customer (base address + username) gets its row back with everything kept for it (drafts,
 * import reports, transfers), whether it was disconnected or is given a new key; another customer
 * becomes another connection of the workspace. The base address is the configured one unless the
 * person names another one of PAYROLL_EXTRA_BASE_URLS (the server must not be pointed at arbitrary
 * hosts). The connection becomes the person's chosen one.
 */
export async function connectPayroll(actor: PayrollActor, input: ConnectInput, audit: AuditActor | null): Promise<PayrollConnectionInfo> {
  const { apiKey, baseUrl: requested } = connectSchema.parse(input);
  const config = payrollConfig();
  const baseUrl = requested ? normaliseBaseUrl(requested) : config.defaultBaseUrl;
  const db = getDb();
  const manage = grants(actor.userId, "payroll.manage");
  // Refused before the key is tried: a person who may not connect learns nothing about a key.
  if (!(await db.workspace.findFirst({ where: { id: actor.workspaceId, ...manage }, select: { id: true } }))) {
    throw await refusal(actor.userId, actor.workspaceId);
  }
  if (!config.allowedBaseUrls.includes(baseUrl)) throw new BaseUrlNotAllowedError("That payroll address is not allowed.");
  const client = clientFor(baseUrl, apiKey);
  const username = await client.getUsername();
  const connection = await db.$transaction(async (tx) => {
    // One connect at a time per workspace, and only while the person still owns it (the row
    // lock is taken by the query that checks the role).
    const [workspace] = await tx.$queryRaw<{ id: string }[]>`
      SELECT w.id::text AS id FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id
      WHERE w.id = ${actor.workspaceId}::uuid AND m.user_id = ${actor.userId}::uuid AND m.roles && ${rolesFor("payroll.manage")}::"WorkspaceRole"[]
      FOR UPDATE OF w`;
    if (!workspace) throw new ApiError("forbidden", OWNER_ONLY);
    const existing = await tx.payrollConnection.findUnique({
      where: { workspaceId_baseUrl_username: { workspaceId: actor.workspaceId, baseUrl, username } },
      select: { id: true },
    });
    const id = existing?.id ?? randomUUID();
    const sealed = sealSecret(apiKey, { ...SECRET, rowId: id });
    const row = existing
      ? await tx.payrollConnection.update({
          where: { id },
          data: { apiKeyEncrypted: sealed, disconnectedAt: null },
          select: CONNECTION_INFO,
        })
      : await tx.payrollConnection.create({
          data: { id, workspaceId: actor.workspaceId, createdById: actor.userId, baseUrl, username, apiKeyEncrypted: sealed },
          select: CONNECTION_INFO,
        });
    await tx.workspaceMember.update({
      where: { workspaceId_userId: { workspaceId: actor.workspaceId, userId: actor.userId } },
      data: { payrollConnectionId: id },
    });
    await recordAudit(tx, audit, { kind: "payroll.connected", subjectId: id, details: { username, baseUrl } });
    return row;
  });
  await syncCompanies(connection.id, client);
  return connection;
}

const OWNER_ONLY = "That needs the owner role of this workspace.";

const CONNECTION_INFO = { id: true, baseUrl: true, username: true, createdAt: true } as const;

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
  return visible ? new ApiError("forbidden", OWNER_ONLY) : new ApiError("not_found", "There is no such payroll connection.");
}

/**
 * Disconnect (owners): the key is deleted; the row keeps the workspace's drafts, import reports
 * and transfer history for the same customer's next connection. Running imports are paused (they
 * cannot go on without a key) and can be resumed after reconnecting. False when it was already
 * disconnected.
 */
export async function disconnectPayroll(actor: PayrollActor, connectionId: string, audit: AuditActor | null): Promise<boolean> {
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

/** "Delete all payroll data" of one connection (owners): the row with its key (if any), companies, drafts, import reports and transfers. */
export async function deletePayrollData(actor: PayrollActor, connectionId: string, audit: AuditActor | null): Promise<boolean> {
  const deleted = await getDb().$transaction(async (tx) => {
    const row = await tx.payrollConnection.findFirst({ where: managed(actor, connectionId), select: { id: true } });
    if (!row) return false;
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
  const chosenId = rows.find((row) => row.chosenBy.length > 0 && row.apiKeyEncrypted)?.id ?? rows.find((row) => row.apiKeyEncrypted)?.id;
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

/** The client acting with a stored connection's key (for jobs, which act for the workspace). */
export async function clientForConnection(connectionId: string): Promise<PayrollClient> {
  const row = await getDb().payrollConnection.findUnique({
    where: { id: connectionId },
    select: { id: true, baseUrl: true, apiKeyEncrypted: true },
  });
  if (!row?.apiKeyEncrypted) throw new PayrollNotConnectedError();
  return clientFor(row.baseUrl, openSecret(row.apiKeyEncrypted, { ...SECRET, rowId: row.id }));
}
