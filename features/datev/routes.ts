import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const datevRoutes = {
  exportMonth: { method: "POST", path: "/api/payroll/companies/:companyId/datev" },
  download: { method: "GET", path: "/api/payroll/companies/:companyId/datev", response: "file" },
  preview: { method: "GET", path: "/api/payroll/companies/:companyId/datev/preview" },
  getSettings: { method: "GET", path: "/api/payroll/companies/:companyId/datev/settings" },
  setSettings: { method: "PUT", path: "/api/payroll/companies/:companyId/datev/settings", body: true },
  setEmployee: {
    method: "PUT",
    path: "/api/payroll/companies/:companyId/datev/employees/:employeeId",
    body: true,
  },
  setWorkspaceWageTypes: { method: "PUT", path: "/api/workspaces/:workspaceId/datev-wage-types", body: true },
} as const satisfies RoutesTable;
