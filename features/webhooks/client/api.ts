import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { webhooksContract } from "../contract";

/** How the browser calls each route of ../contract.ts (held to it by its type and lib/http/contract.test.ts). */
export const webhooksRoutes = {
  listEndpoints: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks" },
  createEndpoint: { method: "POST", path: "/api/workspaces/:workspaceId/webhooks", body: true },
  updateEndpoint: { method: "PATCH", path: "/api/workspaces/:workspaceId/webhooks/:endpointId", body: true },
  deleteEndpoint: { method: "DELETE", path: "/api/workspaces/:workspaceId/webhooks/:endpointId" },
  revealSecret: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret" },
  rotateSecret: { method: "POST", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret" },
  listDeliveries: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries" },
} as const satisfies RouteTable<typeof webhooksContract>;

/** The webhooks' routes as typed calls (lib/http/client/api-client.ts). */
export const webhooksApi = contractClient<typeof webhooksContract>(webhooksRoutes);
