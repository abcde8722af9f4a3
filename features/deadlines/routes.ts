import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const deadlinesRoutes = {
  yearDeadlines: { method: "GET", path: "/api/deadlines" },
  setWorkspaceCutOff: { method: "PUT", path: "/api/workspaces/:workspaceId/cut-off", body: true },
  setCompanyDeadlineSettings: { method: "PUT", path: "/api/deadlines/companies/:companyId/settings", body: true },
  resetCalendarFeed: { method: "POST", path: "/api/deadlines/calendar-feed/reset" },
  // Outside /api/deadlines on purpose: calendar apps subscribed to this address and keep asking it (ADR 0240).
  calendarFeed: { method: "GET", path: "/api/calendar/:token", response: "file" },
} as const satisfies RoutesTable;
