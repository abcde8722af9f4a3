import { contractClient } from "@/lib/http/client/api-client";
import type { passkeysContract } from "../contract";
import { passkeysRoutes } from "../routes";

/** Passkeys as typed calls (lib/http/client/api-client.ts). */
export const passkeysApi = contractClient<typeof passkeysContract>(passkeysRoutes);
