import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 * Downloads by GET, so a plain link works too; each one is logged (access log and audit trail) as it is made.
 */
export const recordExportsRoutes = {
  taxAudit: { method: "GET", path: "/api/workspaces/:workspaceId/records/tax-audit-export", response: "file" },
  procedure: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/records/procedure-documentation",
    response: "file",
  },
  personalData: {
    method: "GET",
    path: "/api/payroll/companies/:companyId/employees/:employeeId/personal-data",
    response: "file",
  },
} as const satisfies RoutesTable;
