import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { eventStreamResponse } from "@/lib/http/server/event-stream";
import { withRoute } from "@/lib/http/server/route";
import { streamWithSlot } from "@/lib/http/server/stream-slots";
import { notificationsContract as contract } from "../contract";
import { listNotifications, markAllRead, markRead } from "./inbox";
import { preferencesOf, savePreferences } from "./preferences";
import { notificationEventStream } from "./stream";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/notifications/**` (the route files only export them). Each acts for
 * the signed-in person alone: the queries carry their id (./inbox.ts, ./preferences.ts).
 */

export const getNotifications = withRoute(contract.list, async ({ user }) =>
  successResponse(await listNotifications(user.id)),
);

export const postRead = withRoute(contract.markRead, async ({ user, params }) =>
  successResponse({ unreadCount: await markRead(user.id, params.notificationId) }),
);

export const postReadAll = withRoute(contract.markAllRead, async ({ user }) =>
  successResponse({ unreadCount: await markAllRead(user.id) }),
);

export const getPreferences = withRoute(contract.getPreferences, async ({ user }) =>
  successResponse(await preferencesOf(user.id)),
);

export const putPreferences = withRoute({ ...contract.savePreferences, maxBodyBytes: 4096 }, async ({ user, body }) =>
  successResponse(await savePreferences(user.id, body)),
);

/** The person's unread count as server-sent events (./stream.ts). */
export const getStream = withRoute(contract.stream, ({ user, request }) => {
  // At most 10 open streams per person (lib/http/server/stream-slots.ts): the 11th is a 429.
  const stream = streamWithSlot(user.id, request.signal, () =>
    notificationEventStream({ userId: user.id, sessionId: user.sessionId, signal: request.signal }),
  );
  return eventStreamResponse(stream);
});

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const notificationsHandlers = {
  list: getNotifications,
  markRead: postRead,
  markAllRead: postReadAll,
  stream: getStream,
  getPreferences,
  savePreferences: putPreferences,
} satisfies RouteHandlers<typeof contract>;
