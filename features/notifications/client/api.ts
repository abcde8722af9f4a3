import { contractClient } from "@/lib/http/client/api-client";
import type { notificationsContract } from "../contract";
import { notificationsRoutes } from "../routes";

/** The notifications' routes as typed calls (lib/http/client/api-client.ts). */
export const notificationsApi = contractClient<typeof notificationsContract>(notificationsRoutes);
