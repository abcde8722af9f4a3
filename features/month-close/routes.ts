import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const monthCloseRoutes = {
  get: { method: "GET", path: "/api/payroll-entries/:companyId/month-close" },
  act: { method: "POST", path: "/api/payroll-entries/:companyId/month-close", body: true },
  acknowledge: { method: "POST", path: "/api/payroll-entries/:companyId/month-close/acknowledgements", body: true },
  setFourEyes: { method: "PUT", path: "/api/workspaces/:workspaceId/four-eyes", body: true },
  setCompanySettings: { method: "PUT", path: "/api/payroll/companies/:companyId/check-settings", body: true },
  setEmployeeSettings: {
    method: "PUT",
    path: "/api/payroll/companies/:companyId/employees/:employeeId/check-settings",
    body: true,
  },
} as const satisfies RoutesTable;
