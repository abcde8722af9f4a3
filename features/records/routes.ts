import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const recordsRoutes = {
  setRetention: { method: "PUT", path: "/api/workspaces/:workspaceId/records/retention", body: true },
  setSocialAudit: { method: "PUT", path: "/api/workspaces/:workspaceId/records/social-audits", body: true },
} as const satisfies RoutesTable;
