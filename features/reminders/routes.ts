import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const remindersRoutes = {
  setDays: { method: "PUT", path: "/api/workspaces/:workspaceId/reminders", body: true },
} as const satisfies RoutesTable;
