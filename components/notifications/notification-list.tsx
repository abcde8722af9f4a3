"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { notificationsApi } from "@/lib/notifications/client/api";
import { notificationKeys } from "@/lib/notifications/query-keys";
import type { NotificationView } from "@/lib/notifications/schemas";
import { notificationText } from "./notification-text";

type List = { notifications: NotificationView[]; unreadCount: number };

/**
 * /notifications: the person's newest notifications, each a link to what it is about, unread ones
 * marked, with Mark read and Mark all read. The header's stream has the list read again whenever
 * the person's notifications change, in any tab or app process.
 */
export function NotificationList({ initial }: { initial: List }) {
  const t = useTranslations("notifications");
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: notificationKeys.list(), queryFn: () => notificationsApi.list({}), initialData: initial });
  const settle = (unreadCount: number) => {
    queryClient.setQueryData(notificationKeys.unread(), unreadCount);
    return queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  };
  const markRead = useMutation({
    mutationFn: (notificationId: string) => notificationsApi.markRead({ notificationId }),
    onSuccess: ({ unreadCount }) => settle(unreadCount),
  });
  const markAll = useMutation({ mutationFn: () => notificationsApi.markAllRead({}), onSuccess: ({ unreadCount }) => settle(unreadCount) });
  const { notifications, unreadCount } = list.data;
  const failure = markRead.error ?? markAll.error;
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
        <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
          {notifications.map((notification) => {
            const sentence = notificationText(t, locale, notification);
            const unread = notification.readAt === null;
            return (
              <li key={notification.id} className={`flex flex-wrap items-start gap-3 p-3 ${unread ? "bg-blue-50" : ""}`}>
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    href={notification.link}
                    onClick={() => {
                      if (unread) markRead.mutate(notification.id);
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
                    disabled={markRead.isPending && markRead.variables === notification.id}
                    onClick={() => markRead.mutate(notification.id)}
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
