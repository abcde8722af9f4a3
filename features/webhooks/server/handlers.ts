import "server-only";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { webhooksContract as contract } from "../contract";
import { listDeliveries } from "./delivery-log";
import { createEndpoint, deleteEndpoint, listEndpoints, revealSecret, rotateSecret, updateEndpoint } from "./endpoints";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/** The handlers behind `app/api/workspaces/[workspaceId]/webhooks/**` (the route files only export them); the service's queries authorize. */

export const getEndpoints = withRoute(contract.listEndpoints, async ({ user, params }) =>
  successResponse({ endpoints: await listEndpoints(user.id, params.workspaceId) }),
);

export const postEndpoint = withRoute(
  { ...contract.createEndpoint, recentConfirmation: true, maxBodyBytes: 4096 },
  async ({ user, params, body }) => successResponse(await createEndpoint(user.id, params.workspaceId, body), 201),
);

export const patchEndpoint = withRoute(
  { ...contract.updateEndpoint, recentConfirmation: true, maxBodyBytes: 4096 },
  async ({ user, params, body }) =>
    successResponse({ endpoint: await updateEndpoint(user.id, params.workspaceId, params.endpointId, body) }),
);

export const deleteEndpointRoute = withRoute(
  { ...contract.deleteEndpoint, recentConfirmation: true },
  async ({ user, params }) => {
    await deleteEndpoint(user.id, params.workspaceId, params.endpointId);
    return successResponse({ removed: true });
  },
);

// The signing secret lets whoever holds it forge the firm's deliveries: shown again only after a recent confirmation.
export const getSecret = withRoute({ ...contract.revealSecret, recentConfirmation: true }, async ({ user, params }) =>
  successResponse({ secret: await revealSecret(user.id, params.workspaceId, params.endpointId) }),
);

export const postSecretRotation = withRoute(
  { ...contract.rotateSecret, recentConfirmation: true },
  async ({ user, params }) =>
    successResponse({ secret: await rotateSecret(user.id, params.workspaceId, params.endpointId) }),
);

export const getDeliveries = withRoute(contract.listDeliveries, async ({ user, params }) =>
  successResponse({ deliveries: await listDeliveries(user.id, params.workspaceId, params.endpointId) }),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const webhooksHandlers = {
  listEndpoints: getEndpoints,
  createEndpoint: postEndpoint,
  updateEndpoint: patchEndpoint,
  deleteEndpoint: deleteEndpointRoute,
  revealSecret: getSecret,
  rotateSecret: postSecretRotation,
  listDeliveries: getDeliveries,
} satisfies RouteHandlers<typeof contract>;
