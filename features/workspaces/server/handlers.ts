import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { recordInvitationEmailed } from "./audit";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { invitationMailsPerAddress, invitationMailsPerWorkspace } from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import { acceptInvitation } from "./invitation-acceptance";
import { sameEmail } from "./invitation-state";
import { createInvitation, invitationLink, listInvitations, openInvitationOf, revokeInvitation } from "./invitations";
import { reportedEmailOf } from "./invitee-email";
import { knownLocaleOf } from "./invitee-locale";
import { canSendMail, invitationMail, sendMail } from "./mail";
import { changeRoles, listMembers, removeMember, renameWorkspace } from "./members";
import { changeMemberCompanies } from "./client-companies";
import { eraseFormerMember, listFormerMembers } from "./staff-erasure";
import { workspacesContract as contract } from "../contract";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/**
 * The handlers behind `app/api/workspaces/**` and `app/api/invitations/**` (the route files only
 * export them). Each names the signed-in person to the service, whose queries authorize.
 */

/** An owner renames the workspace (PATCH `{ name }`). */
export const patchWorkspace = withRoute({ ...contract.rename, maxBodyBytes: 1024 }, async ({ user, params, body }) =>
  successResponse(await renameWorkspace(user.id, params.workspaceId, body.name)),
);

export const getMembers = withRoute(contract.listMembers, async ({ user, params }) =>
  successResponse({ members: await listMembers(user.id, params.workspaceId) }),
);

export const patchMember = withRoute(
  { ...contract.changeRoles, recentConfirmation: true, maxBodyBytes: 1024 },
  async ({ user, params, body }) =>
    successResponse({ members: await changeRoles(user.id, params.workspaceId, params.userId, body.roles) }),
);

export const putMemberCompanies = withRoute(
  { ...contract.changeCompanies, recentConfirmation: true, maxBodyBytes: 32 * 1024 },
  async ({ user, params, body }) => {
    await changeMemberCompanies(user.id, params.workspaceId, params.userId, body.companies);
    return successResponse({ members: await listMembers(user.id, params.workspaceId) });
  },
);

export const deleteMember = withRoute(
  { ...contract.removeMember, recentConfirmation: true },
  async ({ user, params }) => {
    await removeMember(user.id, params.workspaceId, params.userId);
    return successResponse({ removed: true });
  },
);

/** Owners: people of the trail who are members no more, and erasing one's name (docs/erasure.md "Staff"). */
export const getFormerMembers = withRoute(contract.listFormerMembers, async ({ user, params }) =>
  successResponse({ formerMembers: await listFormerMembers(user.id, params.workspaceId) }),
);

export const postFormerMemberErasure = withRoute(
  { ...contract.eraseFormerMember, recentConfirmation: true },
  async ({ user, params }) => {
    await eraseFormerMember(user.id, params.workspaceId, params.userId);
    return successResponse({ erased: true });
  },
);

export const getInvitations = withRoute(contract.listInvitations, async ({ user, params }) =>
  successResponse({ invitations: await listInvitations(user.id, params.workspaceId) }),
);

export const postInvitation = withRoute(
  { ...contract.createInvitation, recentConfirmation: true, maxBodyBytes: 2048 },
  async ({ user, params, body }) =>
    successResponse(await createInvitation(user.id, params.workspaceId, body.roles, body.invitee, body.companies), 201),
);

export const deleteInvitation = withRoute(contract.revokeInvitation, async ({ user, params }) =>
  successResponse({ invitations: await revokeInvitation(user.id, params.workspaceId, params.invitationId) }),
);

/** The owner sends a link they just made (the secret is not stored, so it comes back from their page). */
export const postInvitationEmail = withRoute(
  { ...contract.emailInvitation, maxBodyBytes: 2048 },
  async ({ user, params, body }) => {
    const invitation = await openInvitationOf(user.id, params.workspaceId, body.token);
    if (!invitation) throw new ApiError("not_found", "There is no open invitation of this workspace with that link.");
    // A link for a named person goes to that person only.
    if (invitation.inviteeEmail && !sameEmail(invitation.inviteeEmail, body.email)) {
      throw new ApiError("invalid", `This invitation is for ${invitation.inviteeEmail}: send it to that address.`, {
        fields: { email: "notInvitee" },
      });
    }
    const [t, locale, inviteeLocale] = await Promise.all([
      getTranslations(),
      getLocale() as Promise<Locale>,
      knownLocaleOf(body.email),
    ]);
    // The e-mail carries no text of the sender's choosing but the workspace's name: the inviter is
    // named with their address as the accounting service reports it, so the receiver sees who it is.
    const name = user.displayName ?? user.email ?? t("common.appName");
    const inviter = user.email && user.email !== name ? `${name} (${user.email})` : name;
    // Not a mail relay: so many per workspace and hour, and per address and day (429 with Retry-After),
    // counted only when there is a server to send through.
    if (!canSendMail()) throw new ApiError("mail_not_configured");
    await takeRateLimits([
      { rule: invitationMailsPerWorkspace(), subject: params.workspaceId },
      { rule: invitationMailsPerAddress(), subject: body.email.toLowerCase() },
    ]);
    await sendMail(
      invitationMail(
        { ...invitation, to: body.email, inviter, link: invitationLink(body.token) },
        { inviter: locale, invitee: inviteeLocale },
      ),
    );
    await recordInvitationEmailed(params.workspaceId, user.id, body.email, invitation.roles);
    return successResponse({ sent: true });
  },
);

/**
 * Joining; a link that names a person asks the accounting service for this person's e-mail
 * (features/workspaces/server/invitation-acceptance.ts). Someone without an accounting connection (who
 * signed in by e-mail link) is known by the address they proved to own.
 */
export const postAcceptInvitation = withRoute(
  { ...contract.acceptInvitation, maxBodyBytes: 1024 },
  async ({ user, body }) =>
    successResponse(
      await acceptInvitation(body.token, user.id, () =>
        user.connection ? reportedEmailOf(user) : Promise.resolve(user.verifiedEmail),
      ),
    ),
);

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const workspacesHandlers = {
  rename: patchWorkspace,
  listMembers: getMembers,
  changeRoles: patchMember,
  changeCompanies: putMemberCompanies,
  removeMember: deleteMember,
  listFormerMembers: getFormerMembers,
  eraseFormerMember: postFormerMemberErasure,
  listInvitations: getInvitations,
  createInvitation: postInvitation,
  revokeInvitation: deleteInvitation,
  emailInvitation: postInvitationEmail,
  acceptInvitation: postAcceptInvitation,
} satisfies RouteHandlers<typeof contract>;
