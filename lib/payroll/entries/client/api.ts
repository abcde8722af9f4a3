import { contractClient } from "@/lib/http/client/api-client";
import { entriesContract } from "../contract";

/** The monthly entries' routes as typed calls (lib/http/client/api-client.ts). */
export const entriesApi = contractClient(entriesContract);
