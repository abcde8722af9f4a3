import { defineContract } from "@/lib/http/contract";
import { notificationListSchema, notificationParamsSchema, preferencesSchema, unreadSchema } from "./schemas";

/**
 * The notifications' routes (lib/http/contract.ts): a person's own notifications, read and marked
 * read, their unread count as server-sent events, and their choices. Every route acts for the
 * signed-in person only; another person's notification is not found (404). Handlers:
 * ./server/handlers.ts; the browser: ./client/api.ts.
 */
export const notificationsContract = defineContract({
  /** The newest 50, and how many are unread. */
  list: { method: "GET", path: "/api/notifications", response: notificationListSchema, errors: [] },
  markRead: {
    method: "POST",
    path: "/api/notifications/:notificationId/read",
    params: notificationParamsSchema,
    response: unreadSchema,
    errors: [],
  },
  markAllRead: { method: "POST", path: "/api/notifications/read-all", response: unreadSchema, errors: [] },
  /** Server-sent events: `unread` `{ unreadCount }` at once and after every change of the person's notifications, in any process. */
  stream: { method: "GET", path: "/api/notifications/stream", response: "events", events: { unread: unreadSchema }, errors: [] },
  getPreferences: { method: "GET", path: "/api/notifications/preferences", response: preferencesSchema, errors: [] },
  savePreferences: {
    method: "PUT",
    path: "/api/notifications/preferences",
    body: preferencesSchema,
    response: preferencesSchema,
    errors: [],
  },
});
