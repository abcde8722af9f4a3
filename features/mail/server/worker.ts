import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { acceptedNote, forgetNote, noteAccepted, pendingNotes } from "./sent-journal";
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
 * - **Never twice, almost:** SMTP has no idempotent handoff. Right after the server's 250 the
 *   sender notes the acceptance on local disk (./sent-journal.ts, fsynced), then marks `sent_at`,
 *   retrying with backoff while the database fails (MARK_PATIENCE_MS, inside the lease). A row
 *   whose mark was lost (kill -9, a longer database outage) is marked from the note at the next
 *   drain or when claimed again, not sent again. What is left is the moment between the 250 and
 *   the note's fsync, and a row taken over by a process on another machine (the note is local):
 *   then the message goes twice (RFC 1047's duplicate), with the same Message-ID (derived from the
 *   idempotency key), which mail stores and clients that deduplicate by Message-ID show once. A
 *   send never outlives its lease (the deadline), so two live senders never hold one row.
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

/** How long a sender keeps trying to mark a row sent while the database fails: well inside the lease (a send takes at most SEND_DEADLINE_MS of it). */
export const MARK_PATIENCE_MS = 30_000;
const FIRST_MARK_RETRY_MS = 50;
const LONGEST_MARK_RETRY_MS = 2_000;

/**
 * Marks a row sent at `acceptedAt` (its note in the journal is then forgotten). Tried again with
 * backoff while the database fails, for MARK_PATIENCE_MS, while the lease still keeps the row from
 * other senders; after that the journal's note keeps it from being sent again by this machine.
 */
async function markSent(idempotencyKey: string, acceptedAt: Date): Promise<void> {
  const started = Date.now();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await getDb().$executeRaw`
        UPDATE mail_outbox SET sent_at = COALESCE(sent_at, ${acceptedAt}), locked_until = NULL, last_error = NULL
        WHERE idempotency_key = ${idempotencyKey}`;
      break;
    } catch (error) {
      const wait = Math.min(FIRST_MARK_RETRY_MS * 2 ** attempt, LONGEST_MARK_RETRY_MS);
      if (Date.now() - started + wait > MARK_PATIENCE_MS) throw error;
      console.warn(`mail: marking an outbox message sent failed (${(error as Error).name}), trying again in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  await forgetNote(idempotencyKey);
}

/** Marks sent every row the journal says was accepted (after a crash or a database outage): they are never sent again. */
async function markNotedRows(): Promise<void> {
  for (const note of await pendingNotes()) await markSent(note.idempotencyKey, new Date(note.acceptedAt));
}

/** Notes the server's acceptance before the database mark; a note that cannot be written leaves the mark alone to guard the row. */
async function noteAcceptance(row: ClaimedRow, messageId: string): Promise<void> {
  try {
    await noteAccepted({ idempotencyKey: row.idempotency_key, messageId, acceptedAt: now().toISOString() });
  } catch (error) {
    console.warn(`mail: could not note outbox message ${row.id} as accepted (${(error as Error).message})`);
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
  await markNotedRows();
  for (let tried = 0; tried < limit; tried += 1) {
    const row = await claimNext();
    if (!row) break;
    // Accepted before, its mark lost (the process died, or the database was down): mark it, do not send it again.
    const noted = await acceptedNote(row.idempotency_key);
    if (noted) {
      await markSent(row.idempotency_key, new Date(noted.acceptedAt));
      continue;
    }
    const messageId = messageIdFor(row.idempotency_key);
    try {
      await send({ to: row.to_address, subject: row.subject, text: row.text, html: row.html, headers: row.headers, messageId });
    } catch (error) {
      failed += 1;
      await markFailed(row, error);
      continue;
    }
    await noteAcceptance(row, messageId);
    await markSent(row.idempotency_key, now());
    sent += 1;
  }
  return { sent, failed };
}
