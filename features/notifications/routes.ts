import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const notificationsRoutes = {
  list: { method: "GET", path: "/api/notifications" },
  markRead: { method: "POST", path: "/api/notifications/:notificationId/read" },
  markAllRead: { method: "POST", path: "/api/notifications/read-all" },
  stream: { method: "GET", path: "/api/notifications/stream" },
  getPreferences: { method: "GET", path: "/api/notifications/preferences" },
  savePreferences: { method: "PUT", path: "/api/notifications/preferences", body: true },
} as const satisfies RoutesTable;
