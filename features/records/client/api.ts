import { contractClient } from "@/lib/http/client/api-client";
import type { recordsContract } from "../contract";
import { recordsRoutes } from "../routes";

/** The routes of ../routes.ts as typed calls (lib/http/client/api-client.ts), without the contract's zod. */
export const recordsApi = contractClient<typeof recordsContract>(recordsRoutes);
