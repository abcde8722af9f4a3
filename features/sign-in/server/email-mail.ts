import "server-only";
import { detached } from "@/lib/server/detached";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { canSendMail, sendMail, type InvitationMail } from "@/features/workspaces/server/mail";
import { log } from "@/lib/log/logger";

/**
 * The sign-in link's e-mail, text and HTML, in the language the person asked in. Sent through the
 * app's one mail transport (features/workspaces/server/mail.ts) by `sendSignInMail` alone, so moving to
 * another transport (an outbox) changes this file only.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function signInMail(
  t: Translate,
  locale: Locale,
  mail: { to: string; link: string; expiresAt: Date },
): InvitationMail {
  const values = {
    link: mail.link,
    expires: formatDate(locale, mail.expiresAt, {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Europe/Berlin",
      timeZoneName: "short",
    }),
  };
  const subject = t("emailSignIn.mailSubject");
  const text = t("emailSignIn.mailText", values);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(t("emailSignIn.mailHtmlIntro"))}</p>
<p><a href="${escapeHtml(mail.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(t("emailSignIn.mailButton"))}</a></p>
<p>${escapeHtml(t("emailSignIn.mailHtmlRules", values))}</p>
<p style="color:#475569">${escapeHtml(t("emailSignIn.mailHtmlIgnore"))}</p>
</body></html>`;
  return { to: mail.to, subject, text, html };
}

/**
 * Sends the mail after the answer, outside the request (the answer must not wait for it: its
 * timing would tell whether the address is known). A failure is logged by the transport.
 */
export function sendSignInMail(mail: InvitationMail): void {
  if (!canSendMail()) {
    log.warn("sign-in: an e-mail sign-in link was asked for, but SMTP_URL is not set");
    return;
  }
  detached(() => {
    sendMail(mail).catch(() => undefined);
  });
}
