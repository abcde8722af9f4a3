import { contractClient } from "@/lib/http/client/api-client";
import type { auditContract } from "../contract";
import { auditRoutes } from "../routes";

/** The audit trail's routes as typed calls (lib/http/client/api-client.ts). */
export const auditApi = contractClient<typeof auditContract>(auditRoutes);
