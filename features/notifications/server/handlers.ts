import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { streamWithSlot } from "@/lib/http/server/stream-slots";
import { notificationsContract as contract } from "../contract";
import { listNotifications, markAllRead, markRead } from "./inbox";
import { preferencesOf, savePreferences } from "./preferences";
import { notificationEventStream } from "./stream";

/**
 * The handlers behind `app/api/notifications/**` (the route files only export them). Each acts for
 * the signed-in person alone: the queries carry their id (./inbox.ts, ./preferences.ts).
 */

export const getNotifications = withRoute(contract.list, async ({ user }) => successResponse(await listNotifications(user.id)));

export const postRead = withRoute(contract.markRead, async ({ user, params }) =>
  successResponse({ unreadCount: await markRead(user.id, params.notificationId) }),
);

export const postReadAll = withRoute(contract.markAllRead, async ({ user }) =>
  successResponse({ unreadCount: await markAllRead(user.id) }),
);

export const getPreferences = withRoute(contract.getPreferences, async ({ user }) => successResponse(await preferencesOf(user.id)));

export const putPreferences = withRoute({ ...contract.savePreferences, maxBodyBytes: 4096 }, async ({ user, body }) =>
  successResponse(await savePreferences(user.id, body)),
);

/** The person's unread count as server-sent events (./stream.ts). */
export const getStream = withRoute(contract.stream, ({ user, request }) => {
  // At most 10 open streams per person (lib/http/server/stream-slots.ts): the 11th is a 429.
  const stream = streamWithSlot(user.id, request.signal, () =>
    notificationEventStream({ userId: user.id, sessionId: user.sessionId, signal: request.signal }),
  );
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold events back until a buffer fills.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
});
