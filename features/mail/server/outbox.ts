import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { now } from "@/lib/clock";
import { sendInTransaction } from "@/lib/jobs/in-transaction";
import { MAIL_QUEUES } from "@/features/mail/queues";

/**
 * The mail outbox: an e-mail is a row of `mail_outbox`, inserted in the transaction of what it
 * tells about (so it exists exactly when that change does) with the pg-boss job that sends it
 * afterwards (./worker.ts), retried with backoff until the SMTP server takes it.
 */

type Tx = Prisma.TransactionClient;

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

/** Adds a message to the outbox in `tx`, and its job; true when it is new, false when its key was enqueued before. */
export async function enqueueMail(tx: Tx, mail: MailInput): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO mail_outbox (idempotency_key, to_address, user_id, locale, kind, subject, text, html, headers, next_attempt_at)
    VALUES (${mail.idempotencyKey}, ${mail.to}, ${mail.userId ?? null}::uuid, ${mail.locale}, ${mail.kind}, ${mail.subject},
            ${mail.text}, ${mail.html ?? null}, ${JSON.stringify(mail.headers ?? {})}::jsonb, ${now()})
    ON CONFLICT (idempotency_key) DO NOTHING`;
  // The row's job, in the same transaction: it exists exactly when the row does (a job sent after the commit could be lost to a crash).
  if (inserted > 0) await sendInTransaction(tx, MAIL_QUEUES.outbox, { key: mail.idempotencyKey });
  return inserted > 0;
}
