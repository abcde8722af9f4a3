import { contractClient } from "@/lib/http/client/api-client";
import { importChecksContract } from "../contract";

/** The file import's month checks as a typed call (lib/http/client/api-client.ts). */
export const importChecksApi = contractClient(importChecksContract);
