import { contractClient } from "@/lib/http/client/api-client";
import type { deadlinesContract } from "../contract";
import { deadlinesRoutes } from "../routes";

/** The deadlines' routes as typed calls (lib/http/client/api-client.ts). */
export const deadlinesApi = contractClient<typeof deadlinesContract>(deadlinesRoutes);
