import { coalescedRead } from "@/lib/server/coalesced-read";
import "server-only";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { loadSessionUser } from "@/lib/auth/server/session-store";
import { eventStream } from "@/lib/http/server/event-stream";
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
 * proxies from closing it and notices a gone browser (lib/http/server/event-stream.ts).
 */

export interface NotificationStreamOptions {
  userId: string;
  sessionId: string;
  signal: AbortSignal;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

export function notificationEventStream(options: NotificationStreamOptions): ReadableStream<Uint8Array> {
  const { userId } = options;
  // A dropped connection is tried again after 2 s (EventSource's own reconnect, one per page).
  const stream = {
    signal: options.signal,
    retryMs: 2000,
    heartbeatMs: options.heartbeatMs,
    maxAgeMs: options.maxAgeMs,
  };
  return eventStream(stream, (sink) => {
    const readCount = coalescedRead(
      async () => {
        const count = await unreadCount(userId);
        if (sink.closed) return;
        // Sent even when the count is the same: the list may have changed (one new, one read).
        sink.send("unread", { unreadCount: count });
      },
      () => sink.closed,
      // The browser reconnects and reads the count again.
      () => sink.fail(new Error("notification stream read failed")),
    );
    const unsubscribe = notificationHub().subscribe(userId, readCount);
    const unwatch = sessionCache().watch((changed) => {
      if (sink.closed || (changed !== null && changed !== userId)) return;
      // A check, not the person's activity (the session still idles out while only this stream is open).
      void loadSessionUser(options.sessionId, userId, { activity: false }).then(
        (user) => {
          if (!user) sink.close();
        },
        () => undefined,
      );
    });
    readCount();
    return () => {
      unsubscribe();
      unwatch();
    };
  });
}
