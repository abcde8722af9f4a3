import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { monthCloseContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two), without the
 * contract's zod schemas, which stay on the server.
 */
export const monthCloseRoutes = {
  get: { method: "GET", path: "/api/payroll-entries/:companyId/month-close" },
  act: { method: "POST", path: "/api/payroll-entries/:companyId/month-close", body: true },
  acknowledge: { method: "POST", path: "/api/payroll-entries/:companyId/month-close/acknowledgements", body: true },
  setFourEyes: { method: "PUT", path: "/api/workspaces/:workspaceId/four-eyes", body: true },
  setCompanySettings: { method: "PUT", path: "/api/payroll/companies/:companyId/check-settings", body: true },
  setEmployeeSettings: { method: "PUT", path: "/api/payroll/companies/:companyId/employees/:employeeId/check-settings", body: true },
} as const satisfies RouteTable<typeof monthCloseContract>;

/** The month close's routes as typed calls (lib/http/client/api-client.ts). */
export const monthCloseApi = contractClient<typeof monthCloseContract>(monthCloseRoutes);
