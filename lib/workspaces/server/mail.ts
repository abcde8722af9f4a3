import "server-only";
import { ApiError } from "@/lib/http/api-error";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { sendThroughSmtp, smtpConfigured } from "@/lib/mail/server/transport";
import type { WorkspaceRoleName } from "../schemas";

/** Whether invitation links can be sent by e-mail (SMTP_URL is set). */
export function canSendMail(): boolean {
  return smtpConfigured();
}

export interface InvitationMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the sign-in link's mail has one). */
  html?: string;
}

/**
 * The invitation e-mail in the sender's language: who invites, to which workspace, the roles (a
 * client's with their companies' names), the link and its expiry.
 */
export function invitationMail(
  t: Translate,
  locale: Locale,
  invitation: {
    to: string;
    workspaceName: string;
    inviter: string;
    roles: WorkspaceRoleName[];
    companies?: string[];
    expiresAt: Date;
    link: string;
  },
): InvitationMail {
  const roles = invitation.roles.map((role) => t(`workspaces.roles.${role}`)).join(", ");
  const values = {
    workspace: invitation.workspaceName,
    inviter: invitation.inviter,
    roles: invitation.companies?.length ? `${roles} (${invitation.companies.join(", ")})` : roles,
    roleCount: invitation.roles.length,
    expires: formatDate(locale, invitation.expiresAt, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }),
    link: invitation.link,
  };
  return { to: invitation.to, subject: t("workspaces.mailSubject", values), text: t("workspaces.mailText", values) };
}

/**
 * Sends the invitation at once, through the app's one SMTP transport (lib/mail/server/transport.ts),
 * not the outbox: the owner waits for it and is told when it fails. 409 `mail_not_configured`
 * without SMTP_URL, 502 `mail_failed` when the server refuses or cannot be reached.
 */
export async function sendMail(mail: InvitationMail): Promise<void> {
  if (!smtpConfigured()) throw new ApiError("mail_not_configured");
  try {
    await sendThroughSmtp(mail);
  } catch (error) {
    // The reply code only, never the server's words (they may name the address).
    console.warn(`workspaces: sending an invitation e-mail failed (${(error as Error).message})`);
    throw new ApiError("mail_failed");
  }
}
