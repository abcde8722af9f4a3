import { contractClient } from "@/lib/http/client/api-client";
import type { erasureContract } from "../contract";
import { erasureRoutes } from "../routes";

/** The routes of ../routes.ts as typed calls (lib/http/client/api-client.ts), without the contract's zod. */
export const erasureApi = contractClient<typeof erasureContract>(erasureRoutes);
