import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const trialBalanceRoutes = {
  period: { method: "GET", path: "/api/trial-balance/period" },
  export: { method: "GET", path: "/api/trial-balance/export", response: "file", handWritten: true },
} as const satisfies RoutesTable;
