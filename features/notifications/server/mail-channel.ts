import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import { enqueueNotificationMail } from "@/features/mail/server/notification-mail";
import type { NotificationKind } from "../kinds";

/**
 * The way a notification chosen "By e-mail" leaves: one mail per person and thing told, queued in
 * the transaction of the change (the mail outbox, features/mail, renders it in the person's language and
 * sends it, or collects it for the daily digest). `dedupeKey` is unique per person: queuing twice
 * must queue once.
 */
export interface NotificationMail {
  userId: string;
  notificationKind: NotificationKind;
  dedupeKey: string;
  data: Record<string, unknown>;
  /** The app path of what it is about (made absolute by the mail). */
  link: string;
}

/**
 * Queues one notification mail in `tx`: the mail outbox (features/mail/server/notification-mail.ts)
 * renders it in the person's language and queues it, keyed by `dedupeKey`, or keeps it for the
 * person's daily digest.
 */
export async function sendNotificationMail(tx: Prisma.TransactionClient, mail: NotificationMail): Promise<void> {
  await enqueueNotificationMail(tx, mail);
}
