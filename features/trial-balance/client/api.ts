import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { trialBalanceContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two), without the
 * contract's zod schemas, which stay on the server.
 */
export const trialBalanceRoutes = {
  period: { method: "GET", path: "/api/trial-balance/period" },
  export: { method: "GET", path: "/api/trial-balance/export", response: "file" },
} as const satisfies RouteTable<typeof trialBalanceContract>;

/** The trial balance's routes as typed calls (lib/http/client/api-client.ts). */
export const trialBalanceApi = contractClient<typeof trialBalanceContract>(trialBalanceRoutes);
