import { contractClient } from "@/lib/http/client/api-client";
import type { RouteTable } from "@/lib/http/contract";
import type { workspacesContract } from "../contract";

/**
 * How the browser calls each route of ../contract.ts: its method and path, whether it takes a body
 * (the type holds them to the contract's; lib/http/contract.test.ts compares the two), without the
 * contract's zod schemas, which stay on the server.
 */
export const workspacesRoutes = {
  rename: { method: "PATCH", path: "/api/workspaces/:workspaceId", body: true },
  listMembers: { method: "GET", path: "/api/workspaces/:workspaceId/members" },
  changeRoles: { method: "PATCH", path: "/api/workspaces/:workspaceId/members/:userId", body: true },
  changeCompanies: { method: "PUT", path: "/api/workspaces/:workspaceId/members/:userId/companies", body: true },
  removeMember: { method: "DELETE", path: "/api/workspaces/:workspaceId/members/:userId" },
  listInvitations: { method: "GET", path: "/api/workspaces/:workspaceId/invitations" },
  createInvitation: { method: "POST", path: "/api/workspaces/:workspaceId/invitations", body: true },
  revokeInvitation: { method: "DELETE", path: "/api/workspaces/:workspaceId/invitations/:invitationId" },
  emailInvitation: { method: "POST", path: "/api/workspaces/:workspaceId/invitations/email", body: true },
  acceptInvitation: { method: "POST", path: "/api/invitations/accept", body: true },
} as const satisfies RouteTable<typeof workspacesContract>;

/** The workspaces' routes as typed calls (lib/http/client/api-client.ts). */
export const workspacesApi = contractClient<typeof workspacesContract>(workspacesRoutes);
