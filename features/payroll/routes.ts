import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const payrollRoutes = {
  connect: { method: "POST", path: "/api/payroll/connection", body: true },
  chooseConnection: { method: "PUT", path: "/api/payroll/connection", body: true },
  disconnect: { method: "DELETE", path: "/api/payroll/connection" },
  deleteData: { method: "DELETE", path: "/api/payroll/data" },
  listEmployees: { method: "GET", path: "/api/payroll/companies/:companyId/employees" },
  createEmployee: { method: "POST", path: "/api/payroll/companies/:companyId/employees", body: true },
  saveOnboardingDraft: { method: "PUT", path: "/api/payroll/companies/:companyId/employees/draft", body: true },
  deleteOnboardingDraft: { method: "DELETE", path: "/api/payroll/companies/:companyId/employees/draft" },
  createImport: { method: "POST", path: "/api/payroll/companies/:companyId/imports", body: true },
  getImport: { method: "GET", path: "/api/payroll/imports/:importId" },
  pauseOrResumeImport: { method: "POST", path: "/api/payroll/imports/:importId", body: true },
  refreshReferenceLists: { method: "POST", path: "/api/payroll/reference-lists" },
} as const satisfies RoutesTable;
