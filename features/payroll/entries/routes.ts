import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const entriesRoutes = {
  getDraft: { method: "GET", path: "/api/payroll/companies/:companyId/entries/:kind/draft" },
  saveDraft: { method: "PUT", path: "/api/payroll/companies/:companyId/entries/:kind/draft", body: true },
  announcePresence: { method: "POST", path: "/api/payroll/companies/:companyId/entries/:kind/presence", body: true },
  stream: { method: "GET", path: "/api/payroll/companies/:companyId/entries/:kind/stream" },
} as const satisfies RoutesTable;
