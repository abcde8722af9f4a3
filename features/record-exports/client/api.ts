import { contractClient } from "@/lib/http/client/api-client";
import type { recordExportsContract } from "../contract";
import { recordExportsRoutes } from "../routes";

/** The routes of ../routes.ts as typed calls (lib/http/client/api-client.ts), without the contract's zod. */
export const recordExportsApi = contractClient<typeof recordExportsContract>(recordExportsRoutes);
