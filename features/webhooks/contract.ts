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
import { webhooksRoutes } from "./routes";

/**
 * The webhooks' routes (lib/http/contract.ts), all for a workspace's owners: its endpoints, each
 * one's signing secret (shown on demand, rotated) and its delivery log. Handlers:
 * ./server/handlers.ts; the browser: ./client/api.ts.
 */
const endpoints = z.object({ endpoints: z.array(endpointViewSchema) });

export const webhooksContract = defineContract(webhooksRoutes, {
  listEndpoints: {
    params: workspaceParamsSchema,
    response: endpoints,
    errors: ["forbidden"],
  },
  /** A new endpoint (201) with its secret; a URL that is not https or not public is 422 with `fields.url`. */
  createEndpoint: {
    params: workspaceParamsSchema,
    body: createEndpointSchema,
    response: z.object({ endpoint: endpointViewSchema, secret: z.string() }),
    status: 201,
    errors: ["forbidden"],
  },
  updateEndpoint: {
    params: endpointParamsSchema,
    body: updateEndpointSchema,
    response: z.object({ endpoint: endpointViewSchema }),
    errors: ["forbidden"],
  },
  deleteEndpoint: {
    params: endpointParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ["forbidden"],
  },
  revealSecret: {
    params: endpointParamsSchema,
    response: secretViewSchema,
    errors: ["forbidden"],
  },
  /** A new secret; the previous one keeps signing beside it for 24 hours. */
  rotateSecret: {
    params: endpointParamsSchema,
    response: secretViewSchema,
    errors: ["forbidden"],
  },
  listDeliveries: {
    params: endpointParamsSchema,
    response: z.object({ deliveries: z.array(deliveryViewSchema) }),
    errors: ["forbidden"],
  },
});
