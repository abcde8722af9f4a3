import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { escapeHtml } from "@/features/mail/server/render";
import { accountLinkingContract as contract } from "../contract";
import { VERIFICATION_CODE_LIFETIME_MINUTES } from "../schemas";
import { cancelAccountLink, confirmAccountLink } from "./account-link";
import { requestEmailVerification, verifyEmail, type VerificationMail } from "./email-verification";
import type { RouteHandlers } from "@/lib/http/server/route-handlers";

/** The code's mail, in the language the person asked in. */
async function verificationMail(): Promise<{ locale: string; mailFor: (code: string) => VerificationMail }> {
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const mailFor = (code: string): VerificationMail => {
    const values = { code, minutes: VERIFICATION_CODE_LIFETIME_MINUTES };
    const text = t("accountLinking.mailText", values);
    return {
      subject: t("accountLinking.mailSubject", values),
      text,
      html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">${text
        .split("\n\n")
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join("")}</body></html>`,
    };
  };
  return { locale, mailFor };
}

/**
 * Mails a code to the address (202 whoever has it); rate-limited per person and per address. Adding
 * or replacing a way in (this, its code, confirming an account link) asks for a recent confirmation.
 */
export const postAddSignInEmail = withRoute(
  { ...contract.addSignInEmail, recentConfirmation: true, maxBodyBytes: 1024 },
  async ({ user, body }) => {
    const { locale, mailFor } = await verificationMail();
    await requestEmailVerification({ id: user.id, locale }, body.email, mailFor);
    return successResponse({ sent: true as const }, 202);
  },
);

export const postVerifySignInEmail = withRoute(
  { ...contract.verifySignInEmail, recentConfirmation: true, maxBodyBytes: 256 },
  async ({ user, body }) => successResponse({ verifiedEmail: await verifyEmail(user.id, body.code) }),
);

export const postConfirmLink = withRoute(
  { ...contract.confirmLink, recentConfirmation: true },
  async ({ user, params }) => {
    await confirmAccountLink({ userId: user.id, sessionId: user.sessionId }, params.linkId);
    return successResponse({ linked: true as const });
  },
);

export const postCancelLink = withRoute(contract.cancelLink, async ({ user, params }) => {
  await cancelAccountLink({ userId: user.id, sessionId: user.sessionId }, params.linkId);
  return successResponse({ cancelled: true as const });
});

/** The handler of each route of ../routes.ts, by name: what the generated app/api/…/route.ts files export (`npm run generate:routes`). */
export const accountLinkingHandlers = {
  addSignInEmail: postAddSignInEmail,
  verifySignInEmail: postVerifySignInEmail,
  confirmLink: postConfirmLink,
  cancelLink: postCancelLink,
} satisfies RouteHandlers<typeof contract>;
