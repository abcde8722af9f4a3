import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { MAIL_QUEUES } from "@/features/mail/queues";
import { acceptedNote, forgetNote, noteAccepted, pendingNotes } from "./sent-journal";
import { messageIdFor, SEND_DEADLINE_MS, sendThroughSmtp, SmtpSendError, type OutgoingMail } from "./transport";
import { log } from "@/lib/log/logger";

/**
 * The outbox's sender: the work of the `mail-outbox` pg-boss job that each row has (./jobs.ts),
 * sent in the transaction that queued the mail (./outbox.ts) and again, due at its backoff, in the
 * transaction that records a failed attempt. The row stays the truth: pg-boss says when to try.
 *
 * - **One sender per row, across processes:** a row is claimed with a conditional UPDATE and a
 *   lease (`locked_until`, `LEASE_MS`, longer than a send may take: SEND_DEADLINE_MS), committed
 *   before the send; no other sender takes it until it is marked sent, fails, or its lease passes.
 *   The job's expiry is the lease's length: pg-boss hands a dead sender's job out again after it.
 * - **Nothing lost:** a row leaves the due set only when marked sent (after the server's 250) or
 *   given up (kept, with its error); until then a job is waiting for it (or running it).
 * - **Never twice, almost:** SMTP has no idempotent handoff. Right after the server's 250 the
 *   sender notes the acceptance on local disk (./sent-journal.ts, fsynced), then marks `sent_at`,
 *   retrying with backoff while the database fails (MARK_PATIENCE_MS, inside the lease). A row
 *   whose mark was lost (kill -9, a longer database outage) is marked from the note when its job
 *   runs again or when a process starts its jobs, not sent again. What is left is the moment
 *   between the 250 and the note's fsync, and a row taken over by a process on another machine
 *   (the note is local): then the message goes twice (RFC 1047's duplicate), with the same
 *   Message-ID (derived from the idempotency key), which mail stores and clients that deduplicate
 *   by Message-ID show once. A send never outlives its lease (the deadline), so two live senders
 *   never hold one row.
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

/** Claims the row of `idempotencyKey` if it is due and no sender holds it (its lease committed before anything is sent), or null. */
async function claim(idempotencyKey: string): Promise<ClaimedRow | null> {
  const at = now();
  const rows = await getDb().$queryRaw<ClaimedRow[]>`
    UPDATE mail_outbox SET locked_until = ${new Date(at.getTime() + LEASE_MS)}, attempts = attempts + 1
    WHERE idempotency_key = ${idempotencyKey} AND sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at}
      AND (locked_until IS NULL OR locked_until <= ${at})
    RETURNING id, idempotency_key, to_address, subject, text, html, headers, attempts`;
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
      log.warn(
        { error: (error as Error).name, waitMs: wait },
        "mail: marking an outbox message sent failed, trying again",
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  await forgetNote(idempotencyKey);
}

/** Marks sent every row the journal says was accepted (after a crash or a database outage): they are never sent again. */
export async function markNotedRows(): Promise<void> {
  for (const note of await pendingNotes()) await markSent(note.idempotencyKey, new Date(note.acceptedAt));
}

/** Notes the server's acceptance before the database mark; a note that cannot be written leaves the mark alone to guard the row. */
async function noteAcceptance(row: ClaimedRow, messageId: string): Promise<void> {
  try {
    await noteAccepted({ idempotencyKey: row.idempotency_key, messageId, acceptedAt: now().toISOString() });
  } catch (error) {
    log.warn({ err: error, outboxId: row.id }, "mail: could not note an outbox message as accepted");
  }
}

/** Records a failed attempt and, unless it gives up, the row's next job, due at its backoff: one transaction, so no retry is lost. */
async function markFailed(row: ClaimedRow, error: unknown): Promise<void> {
  const permanent = error instanceof SmtpSendError && error.permanent;
  const giveUp = row.attempts >= (permanent ? PERMANENT_ATTEMPTS : TRANSIENT_ATTEMPTS);
  const at = now();
  const delay = retryDelayMs(row.attempts);
  const message = (error instanceof SmtpSendError ? error.message : (error as Error).name).slice(0, 500);
  await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE mail_outbox SET locked_until = NULL, last_error = ${message},
        next_attempt_at = ${new Date(at.getTime() + delay)}, failed_at = ${giveUp ? at : null}
      WHERE id = ${row.id} AND sent_at IS NULL`;
    if (!giveUp) await sendInTransaction(tx, MAIL_QUEUES.outbox, { key: row.idempotency_key }, { inMs: delay });
  });
  if (giveUp)
    log.warn({ outboxId: row.id, attempts: row.attempts, reason: message }, "mail: gave up on an outbox message");
}

/** What one try did: sent, failed (its retry queued), marked from the journal, or nothing to do now (`later`: not due, or held by another sender). */
export type Outcome = "sent" | "failed" | "marked" | "done" | "later";

/** The `mail-outbox` job's work: sends the row of `idempotencyKey` if it is due and free, once. */
export async function sendOutboxMessage(idempotencyKey: string, send: Send = sendThroughSmtp): Promise<Outcome> {
  // Accepted before, its mark lost (the process died, or the database was down): mark it, do not send it again.
  const noted = await acceptedNote(idempotencyKey);
  if (noted) {
    await markSent(idempotencyKey, new Date(noted.acceptedAt));
    return "marked";
  }
  const row = await claim(idempotencyKey);
  if (!row) return (await pendingRow(idempotencyKey)) ? "later" : "done";
  const messageId = messageIdFor(row.idempotency_key);
  try {
    await send({
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      messageId,
    });
  } catch (error) {
    await markFailed(row, error);
    return "failed";
  }
  await noteAcceptance(row, messageId);
  await markSent(row.idempotency_key, now());
  return "sent";
}

/** A row still to send: when it may be tried (its due time, or its sender's lease's end), or null when sent, given up or gone. */
export async function pendingRow(idempotencyKey: string): Promise<{ tryAt: Date } | null> {
  const rows = await getDb().$queryRaw<{ try_at: Date }[]>`
    SELECT GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at)) AS try_at FROM mail_outbox
    WHERE idempotency_key = ${idempotencyKey} AND sent_at IS NULL AND failed_at IS NULL`;
  return rows[0] ? { tryAt: rows[0].try_at } : null;
}

/**
 * Sends every row due by the app's clock now, in this process, each through the job's work: the
 * test controls' run-now (`POST /api/test/jobs/mail-outbox`, after a test moved the clock past a
 * backoff) and the tests'. The rows' own jobs, due later, then find them sent.
 */
export async function drainOutbox(
  options: { send?: Send; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? 500;
  let sent = 0;
  let failed = 0;
  await markNotedRows();
  const skipped: string[] = [];
  for (let tried = 0; tried < limit; tried += 1) {
    const at = now();
    const due = await getDb().$queryRaw<{ idempotency_key: string }[]>`
      SELECT idempotency_key FROM mail_outbox
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ${at} AND (locked_until IS NULL OR locked_until <= ${at})
        AND idempotency_key <> ALL(${skipped}::text[])
      ORDER BY next_attempt_at, id LIMIT 1`;
    const key = due[0]?.idempotency_key;
    if (!key) break;
    const outcome = await sendOutboxMessage(key, options.send);
    if (outcome === "sent") sent += 1;
    if (outcome === "failed") failed += 1;
    // Taken by another sender meanwhile: not this drain's.
    if (outcome === "later" || outcome === "done") skipped.push(key);
  }
  return { sent, failed };
}
