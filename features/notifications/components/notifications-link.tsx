"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { HoverPrefetchLink } from "@/components/hover-prefetch-link";
import { notificationsApi } from "@/features/notifications/client/api";
import { followUnreadStream } from "@/features/notifications/client/unread-stream";
import { notificationKeys } from "@/features/notifications/query-keys";

/** The unread count: the server's at render, then the stream's (NotificationsFeed). */
function useUnread(initialUnread: number): number {
  const { data = initialUnread } = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await notificationsApi.list({})).unreadCount,
    initialData: initialUnread,
    // The stream keeps it current.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

/**
 * The page's one stream of the person's notifications (every page has the header, which mounts
 * this once): each event sets the unread count and has the list (when shown) read again.
 */
export function NotificationsFeed() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      followUnreadStream({
        url: notificationsApi.stream.href({}),
        onUnread: (unreadCount) => {
          queryClient.setQueryData(notificationKeys.unread(), unreadCount);
          void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
        },
      }),
    [queryClient],
  );
  return null;
}

/**
 * The header's way to the person's notifications, named with the unread count ("Notifications, 3
 * unread"). The header places one beside the menu button on small screens and one in its row from
 * 1024 px (`className` shows each where it belongs; the other is not displayed, so not in the
 * accessibility tree).
 */
export function NotificationsLink({ initialUnread, className }: { initialUnread: number; className: string }) {
  const t = useTranslations("common");
  const count = useUnread(initialUnread);
  const label = t("notificationsLink", { count });
  return (
    <HoverPrefetchLink
      href="/notifications"
      aria-label={label}
      title={label}
      className={`relative shrink-0 items-center rounded p-1 text-slate-700 hover:bg-slate-100 hover:text-slate-950 ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M10 3a5 5 0 0 0-5 5v3l-1.5 2.5h13L15 11V8a5 5 0 0 0-5-5ZM8 16a2 2 0 0 0 4 0" />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notifications-count"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </HoverPrefetchLink>
  );
}
