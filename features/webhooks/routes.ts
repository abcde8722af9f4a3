import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const webhooksRoutes = {
  listEndpoints: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks" },
  createEndpoint: { method: "POST", path: "/api/workspaces/:workspaceId/webhooks", body: true },
  updateEndpoint: { method: "PATCH", path: "/api/workspaces/:workspaceId/webhooks/:endpointId", body: true },
  deleteEndpoint: { method: "DELETE", path: "/api/workspaces/:workspaceId/webhooks/:endpointId" },
  revealSecret: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret" },
  rotateSecret: { method: "POST", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret" },
  listDeliveries: { method: "GET", path: "/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries" },
} as const satisfies RoutesTable;
