import { contractClient } from "@/lib/http/client/api-client";
import { workspacesContract } from "../contract";

/** The workspaces' routes as typed calls (lib/http/client/api-client.ts). */
export const workspacesApi = contractClient(workspacesContract);
