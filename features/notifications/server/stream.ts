import { coalescedRead } from "@/lib/server/coalesced-read";
import "server-only";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { loadSessionUser } from "@/lib/auth/server/session-store";
import { notificationHub } from "./live-hub";
import { unreadCount } from "./inbox";

/**
 * A person's unread count as server-sent events, for one open page (the header's control and the
 * list): `event: unread`, `data: { unreadCount }` at once and after every change of their
 * notifications heard from any app process (./live-hub.ts). Reads are one at a time; changes
 * arriving meanwhile make one more read after it, so a burst costs two reads, not one each.
 *
 * The stream ends after `maxAgeMs` (5 minutes), and the browser reconnects through the route's
 * session check again; it ends at once when this process hears the person changed (signed out,
 * `ledgerlane_user_changed`) and their session is gone. A heartbeat comment every 15 s keeps
 * proxies from closing it and notices a gone browser.
 */

export interface NotificationStreamOptions {
  userId: string;
  sessionId: string;
  signal: AbortSignal;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

const encoder = new TextEncoder();

export function notificationEventStream(options: NotificationStreamOptions): ReadableStream<Uint8Array> {
  const { userId } = options;
  let closed = false;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const readCount = coalescedRead(
        async () => {
          const count = await unreadCount(userId);
          if (closed) return;
          // Sent even when the count is the same: the list may have changed (one new, one read).
          write(`event: unread\ndata: ${JSON.stringify({ unreadCount: count })}\n\n`);
        },
        () => closed,
        () => {
          // The browser reconnects and reads the count again.
          if (!closed) controller.error(new Error("notification stream read failed"));
          close();
        },
      );
      const unsubscribe = notificationHub().subscribe(userId, readCount);
      const unwatch = sessionCache().watch((changed) => {
        if (closed || (changed !== null && changed !== userId)) return;
        // A check, not the person's activity (the session still idles out while only this stream is open).
        void loadSessionUser(options.sessionId, userId, { activity: false }).then(
          (user) => {
            if (!user) close();
          },
          () => undefined,
        );
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), options.heartbeatMs ?? 15_000);
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        unwatch();
        options.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed or errored.
        }
      };
      const expiry = setTimeout(close, options.maxAgeMs ?? 5 * 60_000);
      cleanup = close;
      options.signal.addEventListener("abort", close);
      // A dropped connection is tried again after 2 s (EventSource's own reconnect, one per page).
      write("retry: 2000\n\n");
      readCount();
    },
    cancel() {
      cleanup();
    },
  });
}
