import "server-only";
import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import { serverEnv } from "@/lib/env/server";

/**
 * The app's one way to hand an e-mail to SMTP (SMTP_URL): the outbox worker (./worker.ts) and the
 * invitation's direct send (features/workspaces/server/mail.ts) both go through `sendThroughSmtp`.
 * A transport per message: the outbox sends few messages, one at a time per process, and a pooled
 * connection would outlive the worker's lease on the row.
 */

/** Whether e-mail can be sent (SMTP_URL is set). */
export function smtpConfigured(): boolean {
  return serverEnv().SMTP_URL !== undefined;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The Message-ID, angle brackets included (the outbox derives it from the row's idempotency key). */
  messageId?: string;
  headers?: Record<string, string>;
}

/**
 * The longest one message may take, from connecting to the server's answer to the message's end
 * (nodemailer's own timeouts bound each step; this bounds the sum). The outbox's lease on a row
 * is longer (./worker.ts), so no second sender takes a row while its first one may still hand it over.
 */
export const SEND_DEADLINE_MS = 60_000;

/** The error of a send, with the SMTP reply code when the server refused (5xx permanent, 4xx transient). */
export class SmtpSendError extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = "SmtpSendError";
  }

  get permanent(): boolean {
    return this.responseCode !== undefined && this.responseCode >= 500;
  }
}

function mailHost(): string {
  return new URL(serverEnv().NEXTAUTH_URL).hostname;
}

/** A stable Message-ID for an idempotency key: a message sent again (after a crash) is the same message to its receiver. */
export function messageIdFor(idempotencyKey: string): string {
  const digest = createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 40);
  return `<${digest}.outbox@${mailHost()}>`;
}

/** Sends one message; throws SmtpSendError (the reply code only, never the server's words, which may name the address). */
export async function sendThroughSmtp(mail: OutgoingMail): Promise<void> {
  const url = serverEnv().SMTP_URL;
  if (!url) throw new SmtpSendError("SMTP_URL is not set", undefined);
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SmtpSendError("the SMTP server took too long", undefined)), SEND_DEADLINE_MS);
    });
    await Promise.race([
      transport.sendMail({
        from: `Ledgerlane <no-reply@${mailHost()}>`,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      }),
      deadline,
    ]);
  } catch (error) {
    if (error instanceof SmtpSendError) throw error;
    const { code, responseCode } = error as { code?: string; responseCode?: number };
    throw new SmtpSendError(`SMTP ${responseCode ?? code ?? (error as Error).name}`, responseCode);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
