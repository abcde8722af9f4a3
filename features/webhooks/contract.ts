import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import {
  createEndpointSchema,
  deliveryViewSchema,
  endpointParamsSchema,
  endpointViewSchema,
  secretViewSchema,
  updateEndpointSchema,
  workspaceParamsSchema,
} from "./schemas";

/**
 * The webhooks' routes (lib/http/contract.ts), all for a workspace's owners: its endpoints, each
 * one's signing secret (shown on demand, rotated) and its delivery log. Handlers:
 * ./server/handlers.ts; the browser: ./client/api.ts.
 */
const endpoints = z.object({ endpoints: z.array(endpointViewSchema) });

export const webhooksContract = defineContract({
  listEndpoints: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/webhooks",
    params: workspaceParamsSchema,
    response: endpoints,
    errors: ["forbidden"],
  },
  /** A new endpoint (201) with its secret; a URL that is not https or not public is 422 with `fields.url`. */
  createEndpoint: {
    method: "POST",
    path: "/api/workspaces/:workspaceId/webhooks",
    params: workspaceParamsSchema,
    body: createEndpointSchema,
    response: z.object({ endpoint: endpointViewSchema, secret: z.string() }),
    status: 201,
    errors: ["forbidden"],
  },
  updateEndpoint: {
    method: "PATCH",
    path: "/api/workspaces/:workspaceId/webhooks/:endpointId",
    params: endpointParamsSchema,
    body: updateEndpointSchema,
    response: z.object({ endpoint: endpointViewSchema }),
    errors: ["forbidden"],
  },
  deleteEndpoint: {
    method: "DELETE",
    path: "/api/workspaces/:workspaceId/webhooks/:endpointId",
    params: endpointParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ["forbidden"],
  },
  revealSecret: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret",
    params: endpointParamsSchema,
    response: secretViewSchema,
    errors: ["forbidden"],
  },
  /** A new secret; the previous one keeps signing beside it for 24 hours. */
  rotateSecret: {
    method: "POST",
    path: "/api/workspaces/:workspaceId/webhooks/:endpointId/secret",
    params: endpointParamsSchema,
    response: secretViewSchema,
    errors: ["forbidden"],
  },
  listDeliveries: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries",
    params: endpointParamsSchema,
    response: z.object({ deliveries: z.array(deliveryViewSchema) }),
    errors: ["forbidden"],
  },
});
