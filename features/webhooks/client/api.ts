import { contractClient } from "@/lib/http/client/api-client";
import type { webhooksContract } from "../contract";
import { webhooksRoutes } from "../routes";

/** The webhooks' routes as typed calls (lib/http/client/api-client.ts). */
export const webhooksApi = contractClient<typeof webhooksContract>(webhooksRoutes);
