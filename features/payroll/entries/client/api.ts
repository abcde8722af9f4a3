import { contractClient } from "@/lib/http/client/api-client";
import type { entriesContract } from "../contract";
import { entriesRoutes } from "../routes";

/** The monthly entries' routes as typed calls (lib/http/client/api-client.ts). */
export const entriesApi = contractClient<typeof entriesContract>(entriesRoutes);
