import { contractClient } from "@/lib/http/client/api-client";
import type { overviewContract } from "../contract";
import { overviewRoutes } from "../routes";

/** The overview's routes as typed calls (lib/http/client/api-client.ts). */
export const overviewApi = contractClient<typeof overviewContract>(overviewRoutes);
