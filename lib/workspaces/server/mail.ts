import "server-only";
import nodemailer from "nodemailer";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "@/lib/http/api-error";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { WorkspaceRoleName } from "../schemas";

/** Whether invitation links can be sent by e-mail (SMTP_URL is set). */
export function canSendMail(): boolean {
  return serverEnv().SMTP_URL !== undefined;
}

export interface InvitationMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (the sign-in link's mail has one). */
  html?: string;
}

/** The invitation e-mail in the sender's language: who invites, to which workspace, the roles, the link and its expiry. */
export function invitationMail(
  t: Translate,
  locale: Locale,
  invitation: { to: string; workspaceName: string; inviter: string; roles: WorkspaceRoleName[]; expiresAt: Date; link: string },
): InvitationMail {
  const values = {
    workspace: invitation.workspaceName,
    inviter: invitation.inviter,
    roles: invitation.roles.map((role) => t(`workspaces.roles.${role}`)).join(", "),
    expires: formatDate(locale, invitation.expiresAt, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }),
    link: invitation.link,
  };
  return { to: invitation.to, subject: t("workspaces.mailSubject", values), text: t("workspaces.mailText", values) };
}

/**
 * Sends one message through SMTP_URL (a transport per message: invitations are rare, and a
 * pooled connection would outlive the request). 409 `mail_not_configured` without SMTP_URL,
 * 502 `mail_failed` when the server refuses or cannot be reached.
 */
export async function sendMail(mail: InvitationMail): Promise<void> {
  const env = serverEnv();
  if (!env.SMTP_URL) throw new ApiError("mail_not_configured");
  const transport = nodemailer.createTransport(env.SMTP_URL);
  try {
    await transport.sendMail({
      from: `Ledgerlane <no-reply@${new URL(env.NEXTAUTH_URL).hostname}>`,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
  } catch (error) {
    // The server's reply may name the address: the code only, never the message body.
    console.warn(`workspaces: sending an invitation e-mail failed (${(error as { code?: string }).code ?? (error as Error).name})`);
    throw new ApiError("mail_failed");
  } finally {
    transport.close();
  }
}
