import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { entriesContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two), without the
 * contract's zod schemas, which stay on the server.
 */
export const entriesRoutes = {
  getDraft: { method: "GET", path: "/api/payroll-entries/:companyId/:kind/draft" },
  saveDraft: { method: "PUT", path: "/api/payroll-entries/:companyId/:kind/draft", body: true },
  announcePresence: { method: "POST", path: "/api/payroll-entries/:companyId/:kind/presence", body: true },
  stream: { method: "GET", path: "/api/payroll-entries/:companyId/:kind/stream" },
} as const satisfies RouteTable<typeof entriesContract>;

/** The monthly entries' routes as typed calls (lib/http/client/api-client.ts). */
export const entriesApi = contractClient<typeof entriesContract>(entriesRoutes);
