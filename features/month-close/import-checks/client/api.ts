import { contractClient } from "@/lib/http/client/api-client";
import type { importChecksContract } from "../contract";
import { importChecksRoutes } from "../routes";

/** The file import's month checks as a typed call (lib/http/client/api-client.ts). */
export const importChecksApi = contractClient<typeof importChecksContract>(importChecksRoutes);
