import "server-only";
import { ApiError } from "@/lib/http/api-error";
import { formatDate } from "@/lib/i18n/format";
import { createTranslator } from "use-intl/core";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import { sendThroughSmtp, smtpConfigured } from "@/features/mail/server/transport";
import type { WorkspaceRoleName } from "../schemas";
import { log } from "@/lib/log/logger";

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

/** What the invitation says, whatever the language. */
export interface InvitationFacts {
  to: string;
  workspaceName: string;
  inviter: string;
  roles: WorkspaceRoleName[];
  companies?: string[];
  expiresAt: Date;
  link: string;
}

// use-intl's core translator (what next-intl re-exports), one per language for the process: the
// mail is written in the invitee's language, not the request's.
const translators = new Map<Locale, Translate>();
function translatorFor(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t)
    translators.set(locale, (t = createTranslator({ locale, messages: MESSAGES[locale] }) as unknown as Translate));
  return t;
}

/** The link's expiry as a person in Germany reads it: Berlin's wall clock, with the zone named. */
function expiryIn(locale: Locale, expiresAt: Date): string {
  return formatDate(locale, expiresAt, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/Berlin",
    timeZoneName: "short",
  });
}

function invitationIn(locale: Locale, invitation: InvitationFacts): { subject: string; text: string } {
  const t = translatorFor(locale);
  const roles = invitation.roles.map((role) => t(`workspaces.roles.${role}`)).join(", ");
  const values = {
    workspace: invitation.workspaceName,
    inviter: invitation.inviter,
    roles: invitation.companies?.length ? `${roles} (${invitation.companies.join(", ")})` : roles,
    roleCount: invitation.roles.length,
    expires: expiryIn(locale, invitation.expiresAt),
    link: invitation.link,
  };
  return { subject: t("workspaces.mailSubject", values), text: t("workspaces.mailText", values) };
}

/**
 * The invitation e-mail: who invites, to which workspace, the roles (a client's with their
 * companies' names), the link and its expiry in Berlin time. In the invitee's language when it is
 * known (`inviteeLocale`); otherwise in both, the inviter's first, so whoever opens it can read it.
 */
export function invitationMail(
  invitation: InvitationFacts,
  languages: { inviter: Locale; invitee: Locale | null },
): InvitationMail {
  if (languages.invitee) return { to: invitation.to, ...invitationIn(languages.invitee, invitation) };
  const order = [languages.inviter, ...LOCALES.filter((locale) => locale !== languages.inviter)];
  const versions = order.map((locale) => invitationIn(locale, invitation));
  return {
    to: invitation.to,
    subject: versions.map((version) => version.subject).join(" / "),
    text: versions.map((version) => version.text).join("\n\n* * *\n\n"),
  };
}

/**
 * Sends the invitation at once, through the app's one SMTP transport (features/mail/server/transport.ts),
 * not the outbox: the owner waits for it and is told when it fails. 409 `mail_not_configured`
 * without SMTP_URL, 502 `mail_failed` when the server refuses or cannot be reached.
 */
export async function sendMail(mail: InvitationMail): Promise<void> {
  if (!smtpConfigured()) throw new ApiError("mail_not_configured");
  try {
    await sendThroughSmtp(mail);
  } catch (error) {
    // The reply code only, never the server's words (they may name the address).
    log.warn({ err: error }, "workspaces: sending an invitation e-mail failed");
    throw new ApiError("mail_failed");
  }
}
