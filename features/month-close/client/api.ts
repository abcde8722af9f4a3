import { contractClient } from "@/lib/http/client/api-client";
import type { monthCloseContract } from "../contract";
import { monthCloseRoutes } from "../routes";

/** The month close's routes as typed calls (lib/http/client/api-client.ts). */
export const monthCloseApi = contractClient<typeof monthCloseContract>(monthCloseRoutes);
