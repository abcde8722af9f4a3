import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { serverEnv } from "@/lib/env/server";
import { pathWith } from "@/lib/http/contract";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { NotificationKind } from "@/features/notifications/kinds";
import { enqueueMail } from "./outbox";
import { renderNotificationMail } from "./render";
import { mailRoutes } from "../routes";
import { unsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token";

/**
 * A notification chosen "By e-mail" (features/notifications' mail channel), in the transaction of the
 * change it tells of: rendered in the person's language and queued in the outbox (key
 * `notification:<dedupeKey>`, so queuing twice queues once), or, for a person in daily-digest
 * mode, kept for their next digest (./digest.ts). Nobody without an e-mail address gets mail.
 */

type Tx = Prisma.TransactionClient;

export interface NotificationMailInput {
  userId: string;
  notificationKind: NotificationKind;
  /** Unique per person and thing told. */
  dedupeKey: string;
  data: Record<string, unknown>;
  /** The app path of what it is about. */
  link: string;
}

export interface Recipient {
  email: string | null;
  name: string | null;
  locale: Locale;
  digest: boolean;
}

/** Recipients read in a transaction, for its later mails (a reminder run queues hundreds to the same people in one). */
const readIn = new WeakMap<Tx, Map<string, Promise<Recipient | null>>>();

export function recipientOf(tx: Tx, userId: string): Promise<Recipient | null> {
  let read = readIn.get(tx);
  if (!read) readIn.set(tx, (read = new Map()));
  let recipient = read.get(userId);
  if (!recipient) read.set(userId, (recipient = readRecipient(tx, userId)));
  return recipient;
}

async function readRecipient(tx: Tx, userId: string): Promise<Recipient | null> {
  const rows = await tx.$queryRaw<
    { email: string | null; display_name: string | null; locale: string; mode: string }[]
  >`
    SELECT email, display_name, locale, notification_mail_mode AS mode FROM users WHERE id = ${userId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  return {
    email: row.email,
    name: row.display_name,
    locale: isLocale(row.locale) ? row.locale : "en",
    digest: row.mode === "daily_digest",
  };
}

/** Absolute URLs of the app (NEXTAUTH_URL, its public address). */
export function appUrl(path: string): string {
  return new URL(path, serverEnv().NEXTAUTH_URL).toString();
}

/** Where a mail's unsubscribe goes: the one-click POST (List-Unsubscribe) and the page a person opens from the mail's text. */
export function unsubscribeUrls(userId: string, scope: UnsubscribeScope): { oneClick: string; page: string } {
  const token = unsubscribeToken(userId, scope);
  return { oneClick: appUrl(pathWith(mailRoutes.unsubscribe.path, { token })), page: appUrl(`/unsubscribe/${token}`) };
}

/** The headers of RFC 2369 and RFC 8058 that let a mail client offer "Unsubscribe" and do it in one POST. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${oneClickUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export async function enqueueNotificationMail(tx: Tx, mail: NotificationMailInput): Promise<void> {
  const recipient = await recipientOf(tx, mail.userId);
  if (!recipient?.email) return;
  if (recipient.digest) {
    await tx.$executeRaw`
      INSERT INTO mail_digest_items (user_id, kind, dedupe_key, data, link)
      VALUES (${mail.userId}::uuid, ${mail.notificationKind}, ${mail.dedupeKey}, ${JSON.stringify(mail.data)}::jsonb, ${mail.link})
      ON CONFLICT (dedupe_key) DO NOTHING`;
    return;
  }
  const urls = unsubscribeUrls(mail.userId, mail.notificationKind);
  const rendered = renderNotificationMail(
    { kind: mail.notificationKind, data: mail.data, link: appUrl(mail.link) },
    {
      locale: recipient.locale,
      name: recipient.name,
      settingsUrl: appUrl("/settings/notifications"),
      unsubscribeUrl: urls.page,
    },
  );
  await enqueueMail(tx, {
    idempotencyKey: `notification:${mail.dedupeKey}`,
    to: recipient.email,
    userId: mail.userId,
    locale: recipient.locale,
    kind: `notification:${mail.notificationKind}`,
    ...rendered,
    headers: unsubscribeHeaders(urls.oneClick),
  });
}
