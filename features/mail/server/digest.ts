import "server-only";
import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock";
import { berlinToday } from "@/lib/dates/berlin";
import { isNotificationKind } from "@/features/notifications/kinds";
import { appUrl, recipientOf, unsubscribeHeaders, unsubscribeUrls } from "./notification-mail";
import { enqueueMail } from "./outbox";
import { renderDigestMail, type MailItem } from "./render";

/**
 * The daily digest: each person with notifications waiting (`mail_digest_items`, collected by
 * ./notification-mail.ts in daily-digest mode) gets one mail a day listing them. Idempotent per
 * person and day: the mail's outbox key is `digest:<user>:<Berlin day>`, so a second run the same
 * day (another process, a retried job) queues nothing, and what arrived since waits for tomorrow.
 * Each person's items are taken under their row locks, in one transaction with the queued mail.
 */

interface WaitingItem {
  id: bigint;
  kind: string;
  data: Record<string, unknown>;
  link: string;
}

export async function runDailyDigest(at: Date = now()): Promise<{ mails: number }> {
  const day = berlinToday(at);
  const db = getDb();
  const people = await db.$queryRaw<{ user_id: string }[]>`
    SELECT DISTINCT user_id::text FROM mail_digest_items WHERE digest_key IS NULL AND created_at <= ${at}`;
  let mails = 0;
  for (const { user_id: userId } of people) {
    const key = `digest:${userId}:${day}`;
    const queued = await db.$transaction(async (tx) => {
      const items = await tx.$queryRaw<WaitingItem[]>`
        SELECT id, kind, data, link FROM mail_digest_items
        WHERE user_id = ${userId}::uuid AND digest_key IS NULL AND created_at <= ${at}
        ORDER BY created_at, id FOR UPDATE SKIP LOCKED`;
      const recipient = await recipientOf(tx, userId);
      if (items.length === 0 || !recipient?.email) return false;
      const urls = unsubscribeUrls(userId, "all");
      const listed: MailItem[] = items.flatMap((item) =>
        isNotificationKind(item.kind) ? [{ kind: item.kind, data: item.data, link: appUrl(item.link) }] : [],
      );
      const rendered = renderDigestMail(listed, day, {
        locale: recipient.locale,
        name: recipient.name,
        settingsUrl: appUrl("/settings/notifications"),
        unsubscribeUrl: urls.page,
      });
      const fresh = await enqueueMail(tx, {
        idempotencyKey: key,
        to: recipient.email,
        userId,
        locale: recipient.locale,
        kind: "digest",
        ...rendered,
        headers: unsubscribeHeaders(urls.oneClick),
      });
      // Today's digest went out already: these wait for tomorrow's.
      if (!fresh) return false;
      await tx.$executeRaw`UPDATE mail_digest_items SET digest_key = ${key} WHERE id = ANY(${items.map((item) => item.id)}::bigint[])`;
      return true;
    });
    if (queued) mails += 1;
  }
  return { mails };
}
