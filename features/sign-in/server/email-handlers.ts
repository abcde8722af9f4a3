import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { safeAppPath } from "@/lib/auth/own-url";
import { authCookieNames } from "@/lib/auth/server/cookies";
import { sessionCookieHeader } from "@/lib/auth/server/session-cookie";
import { nowMs } from "@/lib/clock";
import { serverEnv } from "@/lib/env/server";
import { successResponse } from "@/lib/http/api-error";
import { clientAddress } from "@/lib/http/server/client-address";
import { withRoute } from "@/lib/http/server/route";
import type { Locale } from "@/lib/i18n/locales";
import { getDb } from "@/lib/db/client";
import { signInContract as contract } from "../contract";
import { EMAIL_LINK_LIFETIME_MINUTES } from "../schemas";
import {
  browserCookie,
  isWellFormedSecret,
  newSecret,
  redeemSignInLink,
  requestSignInLink,
} from "../core/server/email-link";
import { sendSignInMail, signInMail } from "./email-mail";

/** The link in the mail: a page that asks to confirm (a mail scanner opening it signs nobody in). */
function linkFor(token: string): string {
  return new URL(`/sign-in/link#${token}`, serverEnv().NEXTAUTH_URL).toString();
}

/**
 * Asks for a link. The answer is the same 202 for every address; the mail is written in the
 * language the person asked in either way (the same work) and sent, after the answer, only to
 * someone who may sign in.
 */
export const postRequestEmailLink = withRoute(
  { ...contract.requestEmailLink, auth: false, maxBodyBytes: 2048 },
  async ({ request, body }) => {
    const existing = request.cookies.get(authCookieNames().signInBrowser)?.value;
    const browserNonce = isWellFormedSecret(existing) ? existing : newSecret();
    const { token, recipient } = await requestSignInLink({
      email: body.email,
      callbackUrl: body.callbackUrl ?? null,
      browserNonce,
      ip: clientAddress(request),
    });
    const [t, locale] = await Promise.all([getTranslations(), getLocale() as Promise<Locale>]);
    const expiresAt = new Date(nowMs() + EMAIL_LINK_LIFETIME_MINUTES * 60_000);
    const mail = signInMail(t, locale, { to: body.email, link: linkFor(token), expiresAt });
    if (recipient) sendSignInMail(mail);
    const response = successResponse({ sent: true }, 202);
    if (browserNonce !== existing) response.headers.append("set-cookie", browserCookie(browserNonce));
    return response;
  },
);

/** Opens a link in this browser: the session cookie (the same kind as the accounting sign-in's) and where to go. */
export const postCompleteEmailLink = withRoute(
  { ...contract.completeEmailLink, auth: false, maxBodyBytes: 1024 },
  async ({ request, body }) => {
    const locale = (await getLocale()) as Locale;
    const { userId, sessionId, callbackUrl } = await redeemSignInLink(body.token, {
      nonce: request.cookies.get(authCookieNames().signInBrowser)?.value,
      userAgent: request.headers.get("user-agent"),
      locale,
    });
    await getDb().user.update({ where: { id: userId }, data: { locale } });
    const response = successResponse({ redirectTo: safeAppPath(callbackUrl) ?? "/" });
    response.headers.append("set-cookie", await sessionCookieHeader(userId, sessionId));
    return response;
  },
);
