import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { notificationsContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two).
 */
export const notificationsRoutes = {
  list: { method: "GET", path: "/api/notifications" },
  markRead: { method: "POST", path: "/api/notifications/:notificationId/read" },
  markAllRead: { method: "POST", path: "/api/notifications/read-all" },
  stream: { method: "GET", path: "/api/notifications/stream" },
  getPreferences: { method: "GET", path: "/api/notifications/preferences" },
  savePreferences: { method: "PUT", path: "/api/notifications/preferences", body: true },
} as const satisfies RouteTable<typeof notificationsContract>;

/** The notifications' routes as typed calls (lib/http/client/api-client.ts). */
export const notificationsApi = contractClient<typeof notificationsContract>(notificationsRoutes);
