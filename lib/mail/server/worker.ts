import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { messageIdFor, SEND_DEADLINE_MS, sendThroughSmtp, SmtpSendError, type OutgoingMail } from "./transport";

/**
 * The outbox worker: takes due rows of `mail_outbox` one at a time and hands each to SMTP.
 *
 * - **One sender per row, across processes:** a row is claimed with `FOR UPDATE SKIP LOCKED` and a
 *   lease (`locked_until`, `LEASE_MS`, longer than a send may take: SEND_DEADLINE_MS), committed
 *   before the send; no other sender takes it until it is marked sent, fails, or its lease passes.
 * - **Nothing lost:** a row leaves the due set only when marked sent (after the server's 250) or
 *   given up (kept, with its error). A process that dies mid-send leaves the lease: the row is sent
 *   again after it passes.
 * - **Never twice, and the one edge:** SMTP has no idempotent handoff. If a process dies in the
 *   milliseconds between the server's 250 and the `sent_at` update, the row is sent again after
 *   its lease (RFC 1047's duplicate). It is the same message: the Message-ID derives from the
 *   idempotency key, so mail stores and clients that deduplicate by Message-ID show it once. We
 *   keep that window to a single-row update right after the reply (retried while the database
 *   answers errors), and a send never outlives its lease (the deadline), so two live senders never
 *   hold one row.
 */

/** How long a claimed row stays with its sender. */
export const LEASE_MS = 3 * SEND_DEADLINE_MS;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A server that refuses the message (5xx) this many times is not asked again; a transient failure is retried longer (about two days). */
const PERMANENT_ATTEMPTS = 5;
const TRANSIENT_ATTEMPTS = 60;

interface ClaimedRow {
  id: bigint;
  idempotency_key: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attempts: number;
}

export type Send = (mail: OutgoingMail) => Promise<void>;

/** The wait before the next attempt after `attempts` failed ones: 30 s, 1 min, 2 min, … at most an hour, ±20 % so that failures spread out. */
export function retryDelayMs(attempts: number, random = Math.random()): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

/** Claims the next due row (its lease committed before anything is sent), or null. */
async function claimNext(): Promise<ClaimedRow | null> {
  const at = now();
  const rows = await getDb().$queryRaw<ClaimedRow[]>`
    UPDATE mail_outbox o SET locked_until = ${new Date(at.getTime() + LEASE_MS)}, attempts = o.attempts + 1
    FROM (SELECT id FROM mail_outbox
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at}
            AND (locked_until IS NULL OR locked_until <= ${at})
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) due
    WHERE o.id = due.id
    RETURNING o.id, o.idempotency_key, o.to_address, o.subject, o.text, o.html, o.headers, o.attempts`;
  return rows[0] ?? null;
}

/** Marks a row sent; tried again while the database fails, since a row left unmarked is sent again after its lease. */
async function markSent(id: bigint): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await getDb().$executeRaw`UPDATE mail_outbox SET sent_at = ${now()}, locked_until = NULL, last_error = NULL WHERE id = ${id}`;
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function markFailed(row: ClaimedRow, error: unknown): Promise<void> {
  const permanent = error instanceof SmtpSendError && error.permanent;
  const giveUp = row.attempts >= (permanent ? PERMANENT_ATTEMPTS : TRANSIENT_ATTEMPTS);
  const at = now();
  const message = (error instanceof SmtpSendError ? error.message : (error as Error).name).slice(0, 500);
  await getDb().$executeRaw`
    UPDATE mail_outbox SET locked_until = NULL, last_error = ${message},
      next_attempt_at = ${new Date(at.getTime() + retryDelayMs(row.attempts))}, failed_at = ${giveUp ? at : null}
    WHERE id = ${row.id} AND sent_at IS NULL`;
  if (giveUp) console.warn(`mail: gave up on outbox message ${row.id} after ${row.attempts} attempts (${message})`);
}

/** Sends every due row, one at a time, until none is left or `limit` were tried. */
export async function drainOutbox(options: { send?: Send; limit?: number } = {}): Promise<{ sent: number; failed: number }> {
  const send = options.send ?? sendThroughSmtp;
  const limit = options.limit ?? 500;
  let sent = 0;
  let failed = 0;
  for (let tried = 0; tried < limit; tried += 1) {
    const row = await claimNext();
    if (!row) break;
    try {
      await send({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        messageId: messageIdFor(row.idempotency_key),
      });
    } catch (error) {
      failed += 1;
      await markFailed(row, error);
      continue;
    }
    await markSent(row.id);
    sent += 1;
  }
  return { sent, failed };
}
