import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import {
  acceptInvitationSchema,
  changeMemberCompaniesSchema,
  changeRolesSchema,
  createdInvitationSchema,
  createInvitationSchema,
  invitationParamsSchema,
  invitationViewSchema,
  memberParamsSchema,
  memberViewSchema,
  renameWorkspaceSchema,
  sendInvitationSchema,
  workspaceParamsSchema,
} from "./schemas";

/**
 * The workspaces' routes (lib/http/contract.ts): its name, members and invitations, and joining by
 * an invitation's link. Handlers: ./server/handlers.ts; the browser: ./client/api.ts. The
 * four-eyes rule is the month close's (features/month-close/contract.ts).
 */

const members = z.object({ members: z.array(memberViewSchema) });
const invitations = z.object({ invitations: z.array(invitationViewSchema) });

export const workspacesContract = defineContract({
  /** An owner renames the workspace. */
  rename: {
    method: "PATCH",
    path: "/api/workspaces/:workspaceId",
    params: workspaceParamsSchema,
    body: renameWorkspaceSchema,
    response: z.object({ name: z.string() }),
    errors: ["forbidden"],
  },
  listMembers: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/members",
    params: workspaceParamsSchema,
    response: members,
    errors: ["forbidden"],
  },
  /** An owner changes a member's roles; the workspace keeps an owner (409 `last_owner`). */
  changeRoles: {
    method: "PATCH",
    path: "/api/workspaces/:workspaceId/members/:userId",
    params: memberParamsSchema,
    body: changeRolesSchema,
    response: members,
    errors: ["forbidden", "last_owner"],
  },
  /** An owner sets a client's companies (each the workspace's, else 422 on `companies`). */
  changeCompanies: {
    method: "PUT",
    path: "/api/workspaces/:workspaceId/members/:userId/companies",
    params: memberParamsSchema,
    body: changeMemberCompaniesSchema,
    response: members,
    errors: ["forbidden"],
  },
  removeMember: {
    method: "DELETE",
    path: "/api/workspaces/:workspaceId/members/:userId",
    params: memberParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ["forbidden", "last_owner"],
  },
  listInvitations: {
    method: "GET",
    path: "/api/workspaces/:workspaceId/invitations",
    params: workspaceParamsSchema,
    response: invitations,
    errors: ["forbidden"],
  },
  /** A new link (201): its secret is shown once and not stored. */
  createInvitation: {
    method: "POST",
    path: "/api/workspaces/:workspaceId/invitations",
    params: workspaceParamsSchema,
    body: createInvitationSchema,
    response: createdInvitationSchema,
    status: 201,
    errors: ["forbidden", "rate_limited"],
  },
  revokeInvitation: {
    method: "DELETE",
    path: "/api/workspaces/:workspaceId/invitations/:invitationId",
    params: invitationParamsSchema,
    response: invitations,
    errors: ["forbidden", "invitation_used"],
  },
  /** The owner sends a link they just made (429 with Retry-After past the limits). */
  emailInvitation: {
    method: "POST",
    path: "/api/workspaces/:workspaceId/invitations/email",
    params: workspaceParamsSchema,
    body: sendInvitationSchema,
    response: z.object({ sent: z.literal(true) }),
    errors: ["forbidden", "mail_not_configured", "mail_failed", "rate_limited"],
  },
  /** Joining by a link's secret. */
  acceptInvitation: {
    method: "POST",
    path: "/api/invitations/accept",
    body: acceptInvitationSchema,
    response: z.object({ workspaceId: z.string() }),
    errors: [
      "invitation_invalid",
      "invitation_expired",
      "invitation_revoked",
      "invitation_used",
      "invitation_other_person",
      "already_member",
      "rate_limited",
    ],
  },
});
