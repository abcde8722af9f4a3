import type { RoutesTable } from "@/lib/http/contract";

/**
 * Each route's method and path, written only here: ./contract.ts adds the schemas, ./server/handlers.ts
 * the handlers, `npm run generate:routes` writes app/api/…/route.ts from both, ./client/api.ts calls them.
 */
export const workspacesRoutes = {
  rename: { method: "PATCH", path: "/api/workspaces/:workspaceId", body: true },
  listMembers: { method: "GET", path: "/api/workspaces/:workspaceId/members" },
  changeRoles: { method: "PATCH", path: "/api/workspaces/:workspaceId/members/:userId", body: true },
  changeCompanies: { method: "PUT", path: "/api/workspaces/:workspaceId/members/:userId/companies", body: true },
  removeMember: { method: "DELETE", path: "/api/workspaces/:workspaceId/members/:userId" },
  listFormerMembers: { method: "GET", path: "/api/workspaces/:workspaceId/former-members" },
  eraseFormerMember: { method: "POST", path: "/api/workspaces/:workspaceId/former-members/:userId/erasure" },
  listInvitations: { method: "GET", path: "/api/workspaces/:workspaceId/invitations" },
  createInvitation: { method: "POST", path: "/api/workspaces/:workspaceId/invitations", body: true },
  revokeInvitation: { method: "DELETE", path: "/api/workspaces/:workspaceId/invitations/:invitationId" },
  emailInvitation: { method: "POST", path: "/api/workspaces/:workspaceId/invitations/email", body: true },
  acceptInvitation: { method: "POST", path: "/api/invitations/accept", body: true },
} as const satisfies RoutesTable;
