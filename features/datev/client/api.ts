import { contractClient } from "@/lib/http/client/api-client";
import type { datevContract } from "../contract";
import { datevRoutes } from "../routes";

/** The DATEV routes as typed calls (lib/http/client/api-client.ts). */
export const datevApi = contractClient<typeof datevContract>(datevRoutes);
