import type { RoutesTable } from "@/lib/http/contract";

/**
 * Erasure's routes, written only here: ./contract.ts adds the schemas, ./server/handlers.ts the
 * handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const erasureRoutes = {
  requestErasure: { method: "POST", path: "/api/workspaces/:workspaceId/records/erasure-requests", body: true },
} as const satisfies RoutesTable;
