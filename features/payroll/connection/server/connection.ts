import "server-only";
import { randomUUID } from "node:crypto";
import { recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { openSecret, sealSecret } from "@/lib/server/secrets";
import { getDb } from "@/lib/db/client";
import { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { normaliseBaseUrl, payrollConfig } from "@/features/payroll/upstream/server/config";
import { syncCompanies } from "./companies";
import { keyRefused } from "./key-refused";
import { observeContact } from "./contact-health";
import { PayrollNotConnectedError } from "../../errors";
import { ApiError } from "@/lib/http/api-error";
import { grants, refusal } from "@/features/workspaces/server/access";
import { rolesFor } from "@/features/workspaces/permissions";
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

export interface PayrollConnectionInfo {
  id: string;
  baseUrl: string;
  username: string;
  createdAt: Date;
}

export function clientFor(baseUrl: string, apiKey: string, observe?: (error: unknown) => void): PayrollClient {
  const config = payrollConfig();
  return new PayrollClient({ baseUrl, apiKey, authHeader: config.authHeader, timeoutMs: config.timeoutMs, observe });
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
export async function connectPayroll(
  actor: PayrollActor,
  input: ConnectInput,
  audit: AuditActor | null,
): Promise<PayrollConnectionInfo> {
  const { apiKey, baseUrl: requested } = connectSchema.parse(input);
  const config = payrollConfig();
  const baseUrl = requested ? normaliseBaseUrl(requested) : config.defaultBaseUrl;
  const db = getDb();
  const manage = grants(actor.userId, "payroll.manage");
  // Refused before the key is tried: a person who may not connect learns nothing about a key.
  if (!(await db.workspace.findFirst({ where: { id: actor.workspaceId, ...manage }, select: { id: true } }))) {
    throw await refusal(actor.userId, actor.workspaceId);
  }
  if (!config.allowedBaseUrls.includes(baseUrl))
    throw new BaseUrlNotAllowedError("That payroll address is not allowed.");
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
          data: { apiKeyEncrypted: sealed, disconnectedAt: null, keyRefusedAt: null },
          select: CONNECTION_INFO,
        })
      : await tx.payrollConnection.create({
          data: {
            id,
            workspaceId: actor.workspaceId,
            createdById: actor.userId,
            baseUrl,
            username,
            apiKeyEncrypted: sealed,
          },
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

export const OWNER_ONLY = "That needs the owner role of this workspace.";

export const CONNECTION_INFO = { id: true, baseUrl: true, username: true, createdAt: true } as const;

/** The client acting with a stored connection's key (for jobs, which act for the workspace). */
export async function clientForConnection(connectionId: string): Promise<PayrollClient> {
  const row = await getDb().payrollConnection.findUnique({
    where: { id: connectionId },
    select: { id: true, baseUrl: true, apiKeyEncrypted: true },
  });
  if (!row?.apiKeyEncrypted) throw new PayrollNotConnectedError();
  const config = payrollConfig();
  // Its calls tell the connection's contact health (at most one write per connection and minute),
  // and a refused key tells the connection's owners.
  return new PayrollClient({
    baseUrl: row.baseUrl,
    apiKey: openSecret(row.apiKeyEncrypted, { ...SECRET, rowId: row.id }),
    authHeader: config.authHeader,
    timeoutMs: config.timeoutMs,
    observe: (error) => observeContact(row.id, error),
    onKeyRefused: () => keyRefused(row.id),
  });
}
