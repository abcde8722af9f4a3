import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { overviewContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts (method and path, whether it takes a body;
 * lib/http/contract.test.ts compares this table with the contract), without the contract's zod.
 */
export const overviewRoutes = {
  list: { method: "GET", path: "/api/overview" },
  health: { method: "GET", path: "/api/overview/health" },
  refresh: { method: "POST", path: "/api/overview/refresh", body: true },
  assign: { method: "POST", path: "/api/overview/assignments", body: true },
  approve: { method: "POST", path: "/api/overview/approvals", body: true },
} as const satisfies RouteTable<typeof overviewContract>;

/** The overview's routes as typed calls (lib/http/client/api-client.ts). */
export const overviewApi = contractClient<typeof overviewContract>(overviewRoutes);
