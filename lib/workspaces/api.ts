import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { recordInvitationEmailed } from "@/lib/audit/workspace";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/route";
import { acceptInvitation, createInvitation, invitationLink, listInvitations, openInvitationOf, revokeInvitation } from "./invitations";
import { invitationMail, sendMail } from "./mail";
import { changeRoles, listMembers, removeMember, renameWorkspace } from "./members";
import {
  acceptInvitationSchema,
  changeRolesSchema,
  createInvitationSchema,
  invitationParamsSchema,
  memberParamsSchema,
  renameWorkspaceSchema,
  sendInvitationSchema,
  workspaceParamsSchema,
} from "./schemas";

/**
 * The handlers behind `app/api/workspaces/**` and `app/api/invitations/**` (the route files only
 * export them). Each names the signed-in person to the service, whose queries authorize.
 */

/** An owner renames the workspace (PATCH `{ name }`). */
export const patchWorkspace = withRoute({ params: workspaceParamsSchema, body: renameWorkspaceSchema, maxBodyBytes: 1024 }, async ({ user, params, body }) =>
  successResponse(await renameWorkspace(user.id, params.workspaceId, body.name)),
);

export const getMembers = withRoute({ params: workspaceParamsSchema }, async ({ user, params }) =>
  successResponse({ members: await listMembers(user.id, params.workspaceId) }),
);

export const patchMember = withRoute({ params: memberParamsSchema, body: changeRolesSchema, maxBodyBytes: 1024 }, async ({ user, params, body }) =>
  successResponse({ members: await changeRoles(user.id, params.workspaceId, params.userId, body.roles) }),
);

export const deleteMember = withRoute({ params: memberParamsSchema }, async ({ user, params }) => {
  await removeMember(user.id, params.workspaceId, params.userId);
  return successResponse({ removed: true });
});

export const getInvitations = withRoute({ params: workspaceParamsSchema }, async ({ user, params }) =>
  successResponse({ invitations: await listInvitations(user.id, params.workspaceId) }),
);

export const postInvitation = withRoute({ params: workspaceParamsSchema, body: createInvitationSchema, maxBodyBytes: 1024 }, async ({ user, params, body }) =>
  successResponse(await createInvitation(user.id, params.workspaceId, body.roles), 201),
);

export const deleteInvitation = withRoute({ params: invitationParamsSchema }, async ({ user, params }) =>
  successResponse({ invitations: await revokeInvitation(user.id, params.workspaceId, params.invitationId) }),
);

/** The owner sends a link they just made (the secret is not stored, so it comes back from their page). */
export const postInvitationEmail = withRoute({ params: workspaceParamsSchema, body: sendInvitationSchema, maxBodyBytes: 2048 }, async ({ user, params, body }) => {
  const invitation = await openInvitationOf(user.id, params.workspaceId, body.token);
  if (!invitation) throw new ApiError("not_found", "There is no open invitation of this workspace with that link.");
  const [t, locale] = await Promise.all([getTranslations(), getLocale() as Promise<Locale>]);
  const inviter = user.displayName ?? user.email ?? t("common.appName");
  await sendMail(invitationMail(t, locale, { ...invitation, to: body.email, inviter, link: invitationLink(body.token) }));
  await recordInvitationEmailed(params.workspaceId, user.id, body.email, invitation.roles);
  return successResponse({ sent: true });
});

export const postAcceptInvitation = withRoute({ body: acceptInvitationSchema, maxBodyBytes: 1024 }, async ({ user, body }) =>
  successResponse(await acceptInvitation(body.token, user.id)),
);
