import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { importChecksContract } from "../contract";

/** How the browser calls ../contract.ts (lib/http/contract.test.ts compares the two), without its zod schemas. */
export const importChecksRoutes = {
  previewChecks: { method: "POST", path: "/api/payroll-entries/:companyId/:kind/file-import/checks", body: true },
} as const satisfies RouteTable<typeof importChecksContract>;

/** The file import's month checks as a typed call (lib/http/client/api-client.ts). */
export const importChecksApi = contractClient<typeof importChecksContract>(importChecksRoutes);
