import { expect } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { SMTP_PORT } from "../playwright.config";
import { readableMail } from "../scripts/lib/local-mailbox";

// The app's e-mail in the browser tests: a real SMTP server (smtp-server) on the port of the app's
// SMTP_URL keeps every message it is sent, so a spec reads the link or code a person would, as the
// app sent it. A test names the `mailbox` fixture (./fixtures.ts) to have one for its length; one
// at a time, as the port is one (the specs run on one worker).

export interface Mail {
  /** The envelope's recipients. */
  to: string[];
  /** The message as sent. */
  raw: string;
  /** Headers unfolded, encoded words and quoted-printable decoded: what a person reads. */
  text: string;
}

export interface Mailbox {
  /** Every message received, in the order they arrived. */
  mails: Mail[];
  close: () => Promise<void>;
}

/** A real SMTP server on SMTP_PORT keeping every message (close it when the test ends). */
export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: raw.toString("utf8"),
          text: readableMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The raw text with quoted-printable's soft line breaks undone: a long link in one piece, nothing else decoded. */
export const unwrapped = (raw: string) => raw.replace(/=\r\n/g, "");

/** A sign-in link as the app mails it. */
export const SIGN_IN_LINK = /https?:\/\/[^\s"<>]+\/sign-in\/link#[A-Za-z0-9_-]{43}/;

/**
 * The raw text of the one mail to `to` among those that arrived after the first `before`, once it is
 * there. `whileNone` runs at each look that finds none yet (e.g. the outbox's job, to send it sooner).
 */
export async function mailTo(
  mailbox: Mailbox,
  before: number,
  to: string,
  whileNone?: () => Promise<unknown>,
): Promise<string> {
  const arrived = () => mailbox.mails.slice(before).filter((mail) => mail.raw.includes(`To: ${to}`));
  await expect
    .poll(async () => {
      if (whileNone && arrived().length === 0) await whileNone();
      return arrived().length;
    })
    .toBe(1);
  return arrived()[0]!.raw;
}

/** The first match of `pattern` (a link) in a mail to `to`, soft line breaks undone; it must be there. */
export function linkIn(mail: string, pattern: RegExp, to: string): string {
  const link = pattern.exec(unwrapped(mail));
  expect(link, `a link in the mail to ${to}`).not.toBeNull();
  return link![0];
}
