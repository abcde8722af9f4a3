import "server-only";
import { nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { PayrollError, PayrollNetworkError, PayrollUnauthorizedError } from "../../errors";
import { log } from "@/lib/log/logger";

/**
 * How a payroll connection's contact with the service went lately (`payroll_connection_health`):
 * whether the key was accepted, the last successful contact and the last error. Fed by every call
 * of a connection's client (./connection.ts `clientForConnection` observes them): people's calls
 * and the overview's refresh jobs. A request must not pay a database write for it, so each process
 * writes at most once per connection and minute (what happened meanwhile is kept in memory and
 * goes with the next write); the jobs write their outcome at once (`recordContactNow`).
 */

/** A call's outcome as the health keeps it: the service answered (whatever it said about the request), or why it did not. */
export type ContactOutcome = { ok: true } | { ok: false; keyRefused: boolean; message: string };

export const CONTACT_WRITE_INTERVAL_MS = 60_000;

interface Pending {
  lastSuccessAt: Date | null;
  lastError: { at: Date; message: string } | null;
  keyAccepted: boolean | null;
  writtenAt: number;
}

const holder = globalThis as { __payrollContact?: Map<string, Pending> };
const pendingByConnection = (holder.__payrollContact ??= new Map());

/** A call's error as the health keeps it: an answer about the request itself (404, 409, 422) is a contact that worked. */
export function contactOutcomeOf(error: unknown): ContactOutcome {
  if (error === null || error === undefined) return { ok: true };
  if (error instanceof PayrollUnauthorizedError)
    return { ok: false, keyRefused: true, message: "The payroll service refused the API key." };
  if (error instanceof PayrollNetworkError) return { ok: false, keyRefused: false, message: error.message };
  if (error instanceof PayrollError && (error.status >= 500 || error.status === 429 || error.status === 0))
    return { ok: false, keyRefused: false, message: `${error.code}: ${error.message}` };
  if (error instanceof PayrollError) return { ok: true };
  return { ok: false, keyRefused: false, message: error instanceof Error ? error.message : String(error) };
}

function merge(pending: Pending, outcome: ContactOutcome, at: Date): void {
  if (outcome.ok) {
    pending.lastSuccessAt = at;
    pending.keyAccepted = true;
  } else {
    pending.lastError = { at, message: outcome.message.slice(0, 500) };
    if (outcome.keyRefused) pending.keyAccepted = false;
  }
}

async function write(connectionId: string, pending: Pending): Promise<void> {
  const { lastSuccessAt, lastError, keyAccepted } = pending;
  pending.lastSuccessAt = null;
  pending.lastError = null;
  pending.keyAccepted = null;
  // Newer facts win over older ones another process wrote meanwhile; a fact not seen here stays.
  await getDb().$executeRaw`
    INSERT INTO payroll_connection_health (connection_id, key_accepted, last_success_at, last_error_at, last_error, updated_at)
    VALUES (${connectionId}::uuid, ${keyAccepted}, ${lastSuccessAt}, ${lastError?.at ?? null}, ${lastError?.message ?? null}, now())
    ON CONFLICT (connection_id) DO UPDATE SET
      key_accepted = COALESCE(EXCLUDED.key_accepted, payroll_connection_health.key_accepted),
      last_success_at = GREATEST(EXCLUDED.last_success_at, payroll_connection_health.last_success_at),
      last_error_at = GREATEST(EXCLUDED.last_error_at, payroll_connection_health.last_error_at),
      last_error = CASE WHEN EXCLUDED.last_error_at IS NOT NULL
        AND EXCLUDED.last_error_at >= COALESCE(payroll_connection_health.last_error_at, EXCLUDED.last_error_at)
        THEN EXCLUDED.last_error ELSE payroll_connection_health.last_error END,
      updated_at = now()`;
}

function pendingOf(connectionId: string): Pending {
  let pending = pendingByConnection.get(connectionId);
  if (!pending) {
    pending = { lastSuccessAt: null, lastError: null, keyAccepted: null, writtenAt: Number.NEGATIVE_INFINITY };
    pendingByConnection.set(connectionId, pending);
  }
  return pending;
}

/** Notes a call's outcome; writes when this process has not written for the connection within the minute. Never throws. */
export function observeContact(connectionId: string, error: unknown): void {
  const pending = pendingOf(connectionId);
  const at = new Date(nowMs());
  merge(pending, contactOutcomeOf(error), at);
  if (at.getTime() - pending.writtenAt < CONTACT_WRITE_INTERVAL_MS) return;
  pending.writtenAt = at.getTime();
  write(connectionId, pending).catch((failure: unknown) =>
    log.error({ err: failure, connectionId }, "payroll contact health: not recorded"),
  );
}

/** Writes what is known of the connection now (a refresh job's outcome, with what people's calls noted meanwhile). */
export async function recordContactNow(connectionId: string, outcome?: ContactOutcome): Promise<void> {
  const pending = pendingOf(connectionId);
  if (outcome) merge(pending, outcome, new Date(nowMs()));
  pending.writtenAt = nowMs();
  await write(connectionId, pending);
}

/** Tests: forget what this process noted. */
export function forgetContactNotes(): void {
  pendingByConnection.clear();
}
