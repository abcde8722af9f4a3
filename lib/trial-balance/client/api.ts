import { contractClient } from "@/lib/http/client/api-client";
import { trialBalanceContract } from "../contract";

/** The trial balance's routes as typed calls (lib/http/client/api-client.ts). */
export const trialBalanceApi = contractClient(trialBalanceContract);
