import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// `npm start` without SMTP_URL: a real SMTP server on this machine that keeps what the app sends,
// and a page listing it, newest first, with its links clickable. So e-mail sign-in, invitations,
// notifications, the digest and reminders can be tried on a fresh clone; nothing leaves the
// machine. Kept in memory (the last MAX_MAILS), gone when `npm start` stops.

const MAX_MAILS = 200;

export interface LocalMail {
  receivedAt: Date;
  to: string[];
  subject: string;
  /** What a person reads: headers unfolded, quoted-printable and encoded words decoded. */
  text: string;
}

export interface LocalMailbox {
  /** For the app's SMTP_URL. */
  smtpUrl: string;
  /** The page listing the mails. */
  pageUrl: string;
  mails: LocalMail[];
  close(): Promise<void>;
}

/** Quoted-printable decoded, on a string of bytes (latin1): the bytes stay bytes until the end. */
const fromQuotedPrintable = (bytes: string) =>
  bytes.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A raw message as a person reads it: unfolded headers, encoded words and quoted-printable decoded. */
export function readableMail(raw: Buffer): string {
  const unfolded = raw.toString("latin1").replace(/\r\n[ \t]+/g, " ");
  const words = unfolded.replace(/=\?UTF-8\?Q\?([^?]*)\?=(?:[ \t]+(?==\?))?/gi, (_, word: string) =>
    fromQuotedPrintable(word.replace(/_/g, " ")),
  );
  return Buffer.from(fromQuotedPrintable(words), "latin1").toString("utf8");
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The text part of a mail (its plain-text alternative when it has one), links made clickable. */
function bodyHtml(text: string): string {
  const body = text.slice(text.search(/\r?\n\r?\n/) + 1);
  const plain = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(body)?.[1] ?? body;
  return escapeHtml(plain.trim()).replace(
    /https?:\/\/[^\s"<>&]+(?:&amp;[^\s"<>&]+)*/g,
    (link) => `<a href="${link}">${link}</a>`,
  );
}

function page(mails: LocalMail[]): string {
  const items = mails
    .map(
      (mail) => `<li><article>
  <h2>${escapeHtml(mail.subject || "(no subject)")}</h2>
  <p>To ${escapeHtml(mail.to.join(", "))}, <time datetime="${mail.receivedAt.toISOString()}">${mail.receivedAt.toLocaleString("en-GB")}</time></p>
  <pre>${bodyHtml(mail.text)}</pre>
</article></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ledgerlane's local mailbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}ol{list-style:none;padding:0}li{border-top:1px solid #ccc;padding:1rem 0}pre{white-space:pre-wrap;word-break:break-word}</style>
</head><body><main>
<h1>Local mailbox</h1>
<p>What the app sent while <code>SMTP_URL</code> is unset, newest first; nothing left this machine. Reload for new mail.</p>
${mails.length ? `<ol aria-label="Mails">\n${items}\n</ol>` : "<p>No mail yet.</p>"}
</main></body></html>`;
}

/** A local SMTP server and its page, on 127.0.0.1 (`pagePort` for the page; 0, any free port). */
export async function startLocalMailbox(pagePort = 0): Promise<LocalMailbox> {
  const mails: LocalMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const text = readableMail(Buffer.concat(chunks));
        mails.unshift({
          receivedAt: new Date(),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/m.exec(text)?.[1]?.trim() ?? "",
          text,
        });
        mails.length = Math.min(mails.length, MAX_MAILS);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const web = http.createServer((request, response) => {
    if (request.url !== "/" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(request.method === "HEAD" ? undefined : page(mails));
  });
  await new Promise<void>((resolve, reject) => {
    web.once("error", reject);
    web.listen(pagePort, "127.0.0.1", resolve);
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    pageUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}/`,
    mails,
    close: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
