import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const fileImportRoutes = {
  readFile: { method: "POST", path: "/api/payroll/companies/:companyId/entries/:kind/file-import", body: true },
  rememberMapping: {
    method: "PUT",
    path: "/api/payroll/companies/:companyId/entries/:kind/file-import/mapping",
    body: true,
  },
} as const satisfies RoutesTable;
