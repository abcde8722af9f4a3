import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { now } from "@/lib/clock";

/**
 * The mail outbox: an e-mail is a row of `mail_outbox`, inserted in the transaction of what it
 * tells about (so it exists exactly when that change does) and sent afterwards by the outbox
 * worker (./worker.ts), retried with backoff until the SMTP server takes it.
 */

type Tx = Prisma.TransactionClient;

/** The Postgres channel that wakes every process's outbox worker when a transaction with new mail commits. */
export const OUTBOX_CHANNEL = "ledgerlane_mail_outbox";

export interface MailInput {
  /** Names the message once and for all: enqueueing the same key again is a no-op (and the Message-ID derives from it). */
  idempotencyKey: string;
  to: string;
  userId?: string | null;
  locale: string;
  /** What it is (`invitation`, `notification:<kind>`, `digest`, …), for the operator reading the table. */
  kind: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
}

/** The transactions that already wake the workers at their commit. */
const woken = new WeakSet<Tx>();

/** Adds a message to the outbox in `tx`; true when it is new, false when its key was enqueued before. */
export async function enqueueMail(tx: Tx, mail: MailInput): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO mail_outbox (idempotency_key, to_address, user_id, locale, kind, subject, text, html, headers, next_attempt_at)
    VALUES (${mail.idempotencyKey}, ${mail.to}, ${mail.userId ?? null}::uuid, ${mail.locale}, ${mail.kind}, ${mail.subject},
            ${mail.text}, ${mail.html ?? null}, ${JSON.stringify(mail.headers ?? {})}::jsonb, ${now()})
    ON CONFLICT (idempotency_key) DO NOTHING`;
  // NOTIFY is transactional: the workers hear of it when (and only if) `tx` commits; once per transaction is enough.
  if (inserted > 0 && !woken.has(tx)) {
    woken.add(tx);
    await tx.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, 'new')`;
  }
  return inserted > 0;
}
