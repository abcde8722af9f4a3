import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { recordDataDeleted, recordDisconnect } from "@/lib/audit/payroll";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { openSecret, sealSecret } from "@/lib/crypto/secrets";
import { getDb } from "@/lib/db/client";
import { PayrollClient } from "./client";
import { normaliseBaseUrl, payrollConfig } from "./config";
import { syncCompanies } from "./companies";
import { PayrollNotConnectedError } from "./errors";

const SECRET = { table: "payroll_connections", column: "api_key_encrypted" } as const;

/** The connect form: one schema for the form and the server. */
// A key travels in an HTTP header: visible ASCII only. A CR/LF, NUL, space or emoji is refused
// here (422 `invalidKey` under the field) instead of failing in the header (a 502).
const API_KEY_CHARACTERS = /^[\x21-\x7E]+$/;

export const connectSchema = z.object({
  apiKey: z.string().trim().min(1, "required").max(500, "tooLong:500").regex(API_KEY_CHARACTERS, "invalidKey"),
  baseUrl: z.string().trim().max(500, "tooLong:500").default(""),
  /** Confirmed by the person: another customer's kept data may be deleted for this connection. */
  replaceKeptData: z.boolean().default(false),
});
export type ConnectInput = z.input<typeof connectSchema>;

export class BaseUrlNotAllowedError extends Error {
  override name = "BaseUrlNotAllowedError";
}

/** What Disconnect keeps and "Delete all payroll data" destroys. */
export interface KeptDataCounts {
  drafts: number;
  imports: number;
  transfers: number;
}

/** The person's payroll row, connected or kept after Disconnect, with what it holds. */
export interface KeptPayrollData {
  baseUrl: string;
  username: string;
  connected: boolean;
  disconnectedAt: Date | null;
  counts: KeptDataCounts;
}

/** Another customer connects while the data of the kept one would be lost: the person must confirm. */
export class KeptDataOfAnotherCustomerError extends Error {
  override name = "KeptDataOfAnotherCustomerError";
  constructor(
    readonly kept: KeptPayrollData,
    readonly newUsername: string,
  ) {
    super("Payroll data of another customer is kept; connecting this one deletes it.");
  }
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
 * Verifies the key with `GET /v1/username`, then stores it sealed to the person's row. The same
 * customer (base address + username) gets its row back with everything kept for it (drafts,
 * import reports, transfers), whether it was disconnected or is being given a new key. Another
 * customer replaces the row only when nothing was kept in it or the person confirmed the loss
 * (`replaceKeptData`); otherwise KeptDataOfAnotherCustomerError. The base address is the
 * configured one unless the person names another one of PAYROLL_EXTRA_BASE_URLS (the server must
 * not be pointed at arbitrary hosts).
 */
export async function connectPayroll(userId: string, input: ConnectInput, audit: AuditActor | null): Promise<PayrollConnectionInfo> {
  const { apiKey, baseUrl: requested, replaceKeptData } = connectSchema.parse(input);
  const config = payrollConfig();
  const baseUrl = requested ? normaliseBaseUrl(requested) : config.defaultBaseUrl;
  if (!config.allowedBaseUrls.includes(baseUrl)) throw new BaseUrlNotAllowedError("That payroll address is not allowed.");
  const client = clientFor(baseUrl, apiKey);
  const username = await client.getUsername();
  const db = getDb();
  const connection = await db.$transaction(async (tx) => {
    // One connect at a time per person: the row (if any) is locked until this one is stored.
    const [existing] = await tx.$queryRaw<{ id: string; base_url: string; username: string }[]>`
      SELECT id::text AS id, base_url, username FROM payroll_connections WHERE user_id = ${userId}::uuid FOR UPDATE`;
    if (existing && existing.base_url === baseUrl && existing.username === username) {
      const kept = await tx.payrollConnection.update({
        where: { id: existing.id },
        data: { apiKeyEncrypted: sealSecret(apiKey, { ...SECRET, rowId: existing.id }), disconnectedAt: null },
        select: CONNECTION_INFO,
      });
      await recordAudit(tx, audit, { kind: "payroll.connected", subjectId: existing.id, details: { username, baseUrl } });
      return kept;
    }
    if (existing) {
      const counts = await countsOf(tx, existing.id);
      if (!replaceKeptData && counts.drafts + counts.imports + counts.transfers > 0) {
        const kept = await tx.payrollConnection.findUniqueOrThrow({ where: { id: existing.id }, select: { apiKeyEncrypted: true, disconnectedAt: true } });
        throw new KeptDataOfAnotherCustomerError(
          { baseUrl: existing.base_url, username: existing.username, connected: kept.apiKeyEncrypted !== null, disconnectedAt: kept.disconnectedAt, counts },
          username,
        );
      }
      // Audit trail: what goes with the other customer's row, read before it goes.
      await recordDataDeleted(tx, audit, existing.id);
      await tx.payrollConnection.delete({ where: { id: existing.id } });
    }
    const id = randomUUID();
    const created = await tx.payrollConnection.create({
      data: { id, userId, baseUrl, username, apiKeyEncrypted: sealSecret(apiKey, { ...SECRET, rowId: id }) },
      select: CONNECTION_INFO,
    });
    await recordAudit(tx, audit, { kind: "payroll.connected", subjectId: id, details: { username, baseUrl } });
    return created;
  });
  await syncCompanies(connection.id, client);
  return connection;
}

const CONNECTION_INFO = { id: true, baseUrl: true, username: true, createdAt: true } as const;

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["$transaction"]>[0]>[0];

async function countsOf(db: Tx | ReturnType<typeof getDb>, connectionId: string): Promise<KeptDataCounts> {
  const [employeeDrafts, entryDrafts, imports, transfers] = await Promise.all([
    db.payrollEmployeeDraft.count({ where: { connectionId } }),
    db.payrollEntryDraft.count({ where: { connectionId } }),
    db.payrollImport.count({ where: { connectionId } }),
    db.payrollEntryTransfer.count({ where: { connectionId } }),
  ]);
  return { drafts: employeeDrafts + entryDrafts, imports, transfers };
}

/**
 * Disconnect: the key is deleted; the row keeps the person's drafts, import reports and transfer
 * history for the same customer's next connection. Running imports are paused (they cannot go
 * on without a key) and can be resumed after reconnecting.
 */
export async function disconnectPayroll(userId: string, audit: AuditActor | null): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.payrollConnection.findUnique({ where: { userId }, select: { id: true, username: true, baseUrl: true } });
    if (!row) return false;
    const { count } = await tx.payrollConnection.updateMany({ where: { id: row.id, apiKeyEncrypted: { not: null } }, data: { apiKeyEncrypted: null, disconnectedAt: new Date() } });
    // After the key: a worker that claims the import in between fails to get a client and leaves it.
    await tx.payrollImport.updateMany({ where: { connectionId: row.id, status: "running" }, data: { status: "paused", lastError: "not_connected" } });
    // Audit trail
    if (count > 0) await recordDisconnect(tx, audit, row);
    return count > 0;
  });
}

/** The person's payroll row (connected or kept) and what it holds; null when there is none. */
export async function keptPayrollData(userId: string): Promise<KeptPayrollData | null> {
  const db = getDb();
  const row = await db.payrollConnection.findUnique({ where: { userId }, select: { id: true, baseUrl: true, username: true, apiKeyEncrypted: true, disconnectedAt: true } });
  if (!row) return null;
  return { baseUrl: row.baseUrl, username: row.username, connected: row.apiKeyEncrypted !== null, disconnectedAt: row.disconnectedAt, counts: await countsOf(db, row.id) };
}

/** "Delete all payroll data": the row with its key (if any), companies, drafts, import reports and transfers. */
export async function deletePayrollData(userId: string, audit: AuditActor | null): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.payrollConnection.findUnique({ where: { userId }, select: { id: true } });
    if (!row) return false;
    // Audit trail: what goes, read before it goes.
    await recordDataDeleted(tx, audit, row.id);
    const { count } = await tx.payrollConnection.deleteMany({ where: { id: row.id } });
    return count > 0;
  });
}

/** The person's live connection (with a key); a kept, disconnected row is none. */
export async function payrollConnectionOf(userId: string): Promise<PayrollConnectionInfo | null> {
  return getDb().payrollConnection.findFirst({ where: { userId, apiKeyEncrypted: { not: null } }, select: CONNECTION_INFO });
}

/** The client acting with a stored connection's key. */
export async function clientForConnection(connectionId: string): Promise<PayrollClient> {
  const row = await getDb().payrollConnection.findUnique({ where: { id: connectionId }, select: { id: true, baseUrl: true, apiKeyEncrypted: true } });
  if (!row?.apiKeyEncrypted) throw new PayrollNotConnectedError();
  return clientFor(row.baseUrl, openSecret(row.apiKeyEncrypted, { ...SECRET, rowId: row.id }));
}
/** The signed-in person's connection and client; PayrollNotConnectedError without one. */
export async function payrollFor(userId: string): Promise<{ connection: PayrollConnectionInfo; client: PayrollClient }> {
  const connection = await payrollConnectionOf(userId);
  if (!connection) throw new PayrollNotConnectedError();
  return { connection, client: await clientForConnection(connection.id) };
}
