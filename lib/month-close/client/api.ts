import { contractClient } from "@/lib/http/client/api-client";
import { monthCloseContract } from "../contract";

/** The month close's routes as typed calls (lib/http/client/api-client.ts). */
export const monthCloseApi = contractClient(monthCloseContract);
