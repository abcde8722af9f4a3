"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { notificationsApi } from "@/features/notifications/client/api";
import { notificationKeys } from "@/features/notifications/query-keys";
import type { NotificationView } from "@/features/notifications/schemas";
import { notificationText } from "./notification-text";

type List = { notifications: NotificationView[]; unreadCount: number };

/**
 * /notifications: the person's newest notifications, each a link to what it is about, unread ones
 * marked, with Mark read and Mark all read. The header's stream has the list read again whenever
 * the person's notifications change, in any tab or app process. A Mark read button goes once its
 * notification is read: keyboard focus moves on to the next unread one's button (else the first
 * before it, else the list), never falling to the page.
 */
export function NotificationList({ initial }: { initial: List }) {
  const t = useTranslations("notifications");
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const listRef = useRef<HTMLUListElement>(null);
  /** The Mark read button whose request failed: focus goes back to it once it is enabled again. */
  const refocusId = useRef<string | null>(null);
  const list = useQuery({
    queryKey: notificationKeys.list(),
    queryFn: () => notificationsApi.list({}),
    initialData: initial,
  });
  const settle = (unreadCount: number) => {
    queryClient.setQueryData(notificationKeys.unread(), unreadCount);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  };
  /** After the list is read again: focus on the Mark read button of `nextId`, else on the list. */
  const focusAfter = (nextId: string | null) => {
    const next = nextId ? listRef.current?.querySelector<HTMLElement>(`[data-mark-read="${nextId}"]`) : null;
    (next ?? listRef.current)?.focus();
  };
  const markRead = useMutation({
    mutationFn: ({ notificationId }: { notificationId: string; nextId: string | null; fromButton: boolean }) =>
      notificationsApi.markRead({ notificationId }),
    onSuccess: async ({ unreadCount }, { nextId, fromButton }) => {
      await settle(unreadCount);
      // Only when the person used the button (a followed link has left the page, or focus is where they put it).
      if (fromButton) focusAfter(nextId);
    },
    // Not read after all: the button stays, and focus goes back to it (disabled while pending, it lost it)
    // once the render that enables it again has committed (the effect below; a frame's wait was not
    // always enough on a busy machine).
    onError: (_error, { notificationId, fromButton }) => {
      if (fromButton) refocusId.current = notificationId;
    },
  });
  useEffect(() => {
    const id = refocusId.current;
    if (id === null || markRead.isPending) return;
    refocusId.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-mark-read="${id}"]`)?.focus();
  }, [markRead.isPending, markRead.error]);
  const markAll = useMutation({
    mutationFn: () => notificationsApi.markAllRead({}),
    onSuccess: async ({ unreadCount }) => {
      await settle(unreadCount);
      focusAfter(null);
    },
  });
  const { notifications, unreadCount } = list.data;
  const failure = markRead.error ?? markAll.error;
  const unreadIds = notifications
    .filter((notification) => notification.readAt === null)
    .map((notification) => notification.id);
  /** The unread notification after this one (or, at the end, the one before it): where focus goes once it is read. */
  const nextUnread = (id: string): string | null => {
    const at = unreadIds.indexOf(id);
    return unreadIds[at + 1] ?? unreadIds[at - 1] ?? null;
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite">{t("unreadCount", { count: unreadCount })}</p>
        {unreadCount > 0 ? (
          <Button variant="secondary" size="sm" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
            {t("markAllRead")}
          </Button>
        ) : null}
      </div>
      {failure ? <ErrorNotice error={failure} /> : null}
      {notifications.length === 0 ? <p className="text-slate-700">{t("empty")}</p> : null}
      {/* The list is there when empty too: where the live notifications appear. */}
      {
        <ul
          ref={listRef}
          tabIndex={-1}
          aria-label={t("listLabel")}
          className="outline-offset-2 divide-y divide-slate-200 rounded border border-slate-200 bg-white"
        >
          {notifications.map((notification) => {
            const sentence = notificationText(t, locale, notification);
            const unread = notification.readAt === null;
            return (
              <li
                key={notification.id}
                className={`flex flex-wrap items-start gap-3 p-3 ${unread ? "bg-blue-50" : ""}`}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    href={notification.link}
                    onClick={() => {
                      if (unread) markRead.mutate({ notificationId: notification.id, nextId: null, fromButton: false });
                    }}
                    className={`text-blue-800 underline ${unread ? "font-semibold" : ""}`}
                  >
                    {sentence}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <span className="sr-only">{unread ? t("unread") : t("read")}, </span>
                    <time dateTime={notification.createdAt}>
                      {formatDate(locale, new Date(notification.createdAt), {
                        dateStyle: "medium",
                        timeStyle: "short",
                        timeZone: "Europe/Berlin",
                      })}
                    </time>
                  </p>
                </div>
                {unread ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t("markReadOf", { text: sentence })}
                    data-mark-read={notification.id}
                    disabled={markRead.isPending && markRead.variables?.notificationId === notification.id}
                    onClick={() =>
                      markRead.mutate({
                        notificationId: notification.id,
                        nextId: nextUnread(notification.id),
                        fromButton: true,
                      })
                    }
                  >
                    {t("markRead")}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      }
    </div>
  );
}
