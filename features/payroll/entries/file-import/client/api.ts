import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { fileImportContract } from "../contract";

/** How the browser calls each route of ../contract.ts (lib/http/contract.test.ts compares the two), without its zod schemas. */
export const fileImportRoutes = {
  readFile: { method: "POST", path: "/api/payroll-entries/:companyId/:kind/file-import", body: true },
  rememberMapping: { method: "PUT", path: "/api/payroll-entries/:companyId/:kind/file-import/mapping", body: true },
} as const satisfies RouteTable<typeof fileImportContract>;

/** The grid's file import routes as typed calls (lib/http/client/api-client.ts). */
export const fileImportApi = contractClient<typeof fileImportContract>(fileImportRoutes);
