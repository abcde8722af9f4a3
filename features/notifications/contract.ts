import { defineContract } from "@/lib/http/contract";
import { notificationListSchema, notificationParamsSchema, preferencesSchema, unreadSchema } from "./schemas";
import { notificationsRoutes } from "./routes";

/**
 * The notifications' routes (lib/http/contract.ts): a person's own notifications, read and marked
 * read, their unread count as server-sent events, and their choices. Every route acts for the
 * signed-in person only; another person's notification is not found (404). Handlers:
 * ./server/handlers.ts; the browser: ./client/api.ts.
 */
export const notificationsContract = defineContract(notificationsRoutes, {
  /** The newest 50, and how many are unread. */
  list: { response: notificationListSchema, errors: [] },
  markRead: {
    params: notificationParamsSchema,
    response: unreadSchema,
    errors: [],
  },
  markAllRead: { response: unreadSchema, errors: [] },
  /** Server-sent events: `unread` `{ unreadCount }` at once and after every change of the person's notifications, in any process. */
  stream: { response: "events", events: { unread: unreadSchema }, errors: [] },
  getPreferences: { response: preferencesSchema, errors: [] },
  savePreferences: {
    body: preferencesSchema,
    response: preferencesSchema,
    errors: [],
  },
});
