import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { recordDisconnect } from "@/lib/audit/payroll";
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
});
export type ConnectInput = z.input<typeof connectSchema>;

export class BaseUrlNotAllowedError extends Error {
  override name = "BaseUrlNotAllowedError";
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
 * Verifies the key with `GET /v1/username`, then stores it sealed to its row (replacing an
 * earlier connection). The base address is the configured one unless the person names another
 * one of PAYROLL_EXTRA_BASE_URLS (the server must not be pointed at arbitrary hosts).
 */
export async function connectPayroll(userId: string, input: ConnectInput, audit: AuditActor | null): Promise<PayrollConnectionInfo> {
  const { apiKey, baseUrl: requested } = connectSchema.parse(input);
  const config = payrollConfig();
  const baseUrl = requested ? normaliseBaseUrl(requested) : config.defaultBaseUrl;
  if (!config.allowedBaseUrls.includes(baseUrl)) throw new BaseUrlNotAllowedError("That payroll address is not allowed.");
  const client = clientFor(baseUrl, apiKey);
  const username = await client.getUsername();
  const id = randomUUID();
  const db = getDb();
  const connection = await db.$transaction(async (tx) => {
    await tx.payrollConnection.deleteMany({ where: { userId } });
    const created = await tx.payrollConnection.create({
      data: { id, userId, baseUrl, username, apiKeyEncrypted: sealSecret(apiKey, { ...SECRET, rowId: id }) },
      select: { id: true, baseUrl: true, username: true, createdAt: true },
    });
    await recordAudit(tx, audit, { kind: "payroll.connected", subjectId: id, details: { username, baseUrl } });
    return created;
  });
  await syncCompanies(connection.id, client);
  return connection;
}

/** Deletes the stored key and everything kept for the connection (companies, drafts, imports), recorded for `audit`. */
export async function disconnectPayroll(userId: string, audit: AuditActor | null): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    // Audit trail: what goes, read before it goes.
    await recordDisconnect(tx, audit, userId);
    const { count } = await tx.payrollConnection.deleteMany({ where: { userId } });
    return count > 0;
  });
}

export async function payrollConnectionOf(userId: string): Promise<PayrollConnectionInfo | null> {
  return getDb().payrollConnection.findUnique({ where: { userId }, select: { id: true, baseUrl: true, username: true, createdAt: true } });
}

/** The client acting with a stored connection's key. */
export async function clientForConnection(connectionId: string): Promise<PayrollClient> {
  const row = await getDb().payrollConnection.findUnique({ where: { id: connectionId }, select: { id: true, baseUrl: true, apiKeyEncrypted: true } });
  if (!row) throw new PayrollNotConnectedError();
  return clientFor(row.baseUrl, openSecret(row.apiKeyEncrypted, { ...SECRET, rowId: row.id }));
}

/** The signed-in person's connection and client; PayrollNotConnectedError without one. */
export async function payrollFor(userId: string): Promise<{ connection: PayrollConnectionInfo; client: PayrollClient }> {
  const connection = await payrollConnectionOf(userId);
  if (!connection) throw new PayrollNotConnectedError();
  return { connection, client: await clientForConnection(connection.id) };
}
