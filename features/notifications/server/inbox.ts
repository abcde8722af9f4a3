import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { now } from "@/lib/clock";
import type { NotificationView } from "../schemas";
import type { NotificationKind } from "../kinds";
import { NOTIFICATIONS_CHANNEL } from "./notify";

/**
 * A person's own notifications: listed, counted, marked read. Every query carries the person's id
 * in its `where`: another person's notification is not found. Marking read tells the person's
 * other open pages (the same live event a new notification sends).
 */

const LIST_SIZE = 50;

export async function unreadCount(userId: string): Promise<number> {
  return getDb().notification.count({ where: { userId, readAt: null } });
}

export async function listNotifications(
  userId: string,
): Promise<{ notifications: NotificationView[]; unreadCount: number }> {
  const [rows, unread] = await Promise.all([
    getDb().notification.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIST_SIZE,
      select: { id: true, kind: true, data: true, link: true, createdAt: true, readAt: true },
    }),
    unreadCount(userId),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      data: (row.data ?? {}) as Record<string, unknown>,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    })),
    unreadCount: unread,
  };
}

/** Marks one of the person's notifications read (404 when it is not theirs); answers the unread count. */
export async function markRead(userId: string, notificationId: string): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const found = await tx.notification.findFirst({ where: { id: notificationId, userId }, select: { readAt: true } });
    if (!found) throw new ApiError("not_found", "There is no such notification of yours.");
    if (!found.readAt) {
      await tx.notification.update({ where: { id: notificationId }, data: { readAt: now() } });
      await tx.$executeRaw`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${userId})`;
    }
    return tx.notification.count({ where: { userId, readAt: null } });
  });
}

export async function markAllRead(userId: string): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: now() } });
    if (count) await tx.$executeRaw`SELECT pg_notify(${NOTIFICATIONS_CHANNEL}, ${userId})`;
    return 0;
  });
}
