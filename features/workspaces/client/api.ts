import { contractClient } from "@/lib/http/client/api-client";
import type { workspacesContract } from "../contract";
import { workspacesRoutes } from "../routes";

/** The workspaces' routes as typed calls (lib/http/client/api-client.ts). */
export const workspacesApi = contractClient<typeof workspacesContract>(workspacesRoutes);
