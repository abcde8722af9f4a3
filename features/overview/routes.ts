import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const overviewRoutes = {
  list: { method: "GET", path: "/api/overview" },
  health: { method: "GET", path: "/api/overview/health" },
  refresh: { method: "POST", path: "/api/overview/refresh", body: true },
  assign: { method: "POST", path: "/api/overview/assignments", body: true },
  approve: { method: "POST", path: "/api/overview/approvals", body: true },
} as const satisfies RoutesTable;
