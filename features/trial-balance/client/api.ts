import { contractClient } from "@/lib/http/client/api-client";
import type { trialBalanceContract } from "../contract";
import { trialBalanceRoutes } from "../routes";

/** The trial balance's routes as typed calls (lib/http/client/api-client.ts). */
export const trialBalanceApi = contractClient<typeof trialBalanceContract>(trialBalanceRoutes);
