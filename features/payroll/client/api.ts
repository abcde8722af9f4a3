import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { payrollContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two), without the
 * contract's zod schemas, which stay on the server.
 */
export const payrollRoutes = {
  connect: { method: "POST", path: "/api/payroll/connection", body: true },
  chooseConnection: { method: "PUT", path: "/api/payroll/connection", body: true },
  disconnect: { method: "DELETE", path: "/api/payroll/connection" },
  deleteData: { method: "DELETE", path: "/api/payroll/data" },
  listEmployees: { method: "GET", path: "/api/payroll/companies/:companyId/employees" },
  createEmployee: { method: "POST", path: "/api/payroll/companies/:companyId/employees", body: true },
  saveOnboardingDraft: { method: "PUT", path: "/api/payroll/companies/:companyId/draft", body: true },
  deleteOnboardingDraft: { method: "DELETE", path: "/api/payroll/companies/:companyId/draft" },
  createImport: { method: "POST", path: "/api/payroll/companies/:companyId/imports", body: true },
  getImport: { method: "GET", path: "/api/payroll/imports/:importId" },
  pauseOrResumeImport: { method: "POST", path: "/api/payroll/imports/:importId", body: true },
  refreshReferenceLists: { method: "POST", path: "/api/payroll/reference-lists" },
} as const satisfies RouteTable<typeof payrollContract>;

/** The payroll routes as typed calls (lib/http/client/api-client.ts). */
export const payrollApi = contractClient<typeof payrollContract>(payrollRoutes);
