import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import {
  acceptInvitationSchema,
  changeMemberCompaniesSchema,
  changeRolesSchema,
  createdInvitationSchema,
  createInvitationSchema,
  formerMemberViewSchema,
  invitationParamsSchema,
  invitationViewSchema,
  memberParamsSchema,
  memberViewSchema,
  renameWorkspaceSchema,
  sendInvitationSchema,
  workspaceParamsSchema,
} from "./schemas";
import { workspacesRoutes } from "./routes";

/**
 * The workspaces' routes (lib/http/contract.ts): its name, members and invitations, and joining by
 * an invitation's link. Handlers: ./server/handlers.ts; the browser: ./client/api.ts. The
 * four-eyes rule is the month close's (features/month-close/contract.ts).
 */

const members = z.object({ members: z.array(memberViewSchema) });
const invitations = z.object({ invitations: z.array(invitationViewSchema) });

export const workspacesContract = defineContract(workspacesRoutes, {
  /** An owner renames the workspace. */
  rename: {
    params: workspaceParamsSchema,
    body: renameWorkspaceSchema,
    response: z.object({ name: z.string() }),
    errors: ["forbidden"],
  },
  listMembers: {
    params: workspaceParamsSchema,
    response: members,
    errors: ["forbidden"],
  },
  /** An owner changes a member's roles; the workspace keeps an owner (409 `last_owner`). */
  changeRoles: {
    params: memberParamsSchema,
    body: changeRolesSchema,
    response: members,
    errors: ["forbidden", "last_owner"],
  },
  /** An owner sets a client's companies (each the workspace's, else 422 on `companies`). */
  changeCompanies: {
    params: memberParamsSchema,
    body: changeMemberCompaniesSchema,
    response: members,
    errors: ["forbidden"],
  },
  removeMember: {
    params: memberParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ["forbidden", "last_owner"],
  },
  /** The owners' list of former members (others 403). */
  listFormerMembers: {
    params: workspaceParamsSchema,
    response: z.object({ formerMembers: z.array(formerMemberViewSchema) }),
    errors: ["forbidden"],
  },
  /** An owner erases a former member's name; 409 `conflict` while they share a workspace with others. */
  eraseFormerMember: {
    params: memberParamsSchema,
    response: z.object({ erased: z.literal(true) }),
    errors: ["forbidden", "conflict"],
  },
  listInvitations: {
    params: workspaceParamsSchema,
    response: invitations,
    errors: ["forbidden"],
  },
  /** A new link (201): its secret is shown once and not stored. */
  createInvitation: {
    params: workspaceParamsSchema,
    body: createInvitationSchema,
    response: createdInvitationSchema,
    status: 201,
    errors: ["forbidden", "rate_limited"],
  },
  revokeInvitation: {
    params: invitationParamsSchema,
    response: invitations,
    errors: ["forbidden", "invitation_used"],
  },
  /** The owner sends a link they just made (429 with Retry-After past the limits). */
  emailInvitation: {
    params: workspaceParamsSchema,
    body: sendInvitationSchema,
    response: z.object({ sent: z.literal(true) }),
    errors: ["forbidden", "mail_not_configured", "mail_failed", "rate_limited"],
  },
  /** Joining by a link's secret. */
  acceptInvitation: {
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
