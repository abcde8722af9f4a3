import "server-only";
import { serverEnv } from "@/lib/env/server";
import type { RateLimitRule } from "./rate-limit";

/**
 * The app's rate limits, each configurable (lib/env/schema.ts, `.env.example`). They stop the
 * app from being used as a mail relay (invitation e-mails) and from guessing invitation links.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Invitation e-mails one workspace sends in an hour (default 20). */
export function invitationMailsPerWorkspace(): RateLimitRule {
  const limit = serverEnv().RATE_LIMIT_INVITATION_MAILS_PER_WORKSPACE_HOUR;
  return {
    name: "invitation-mail-workspace",
    limit,
    windowMs: HOUR_MS,
    message: `This workspace has sent ${limit} invitation e-mails in the last hour: try again later.`,
  };
}

/** Invitation e-mails one address receives in a day, from all workspaces (default 5). */
export function invitationMailsPerAddress(): RateLimitRule {
  const limit = serverEnv().RATE_LIMIT_INVITATION_MAILS_PER_ADDRESS_DAY;
  return {
    name: "invitation-mail-address",
    limit,
    windowMs: DAY_MS,
    message: `This address has been sent ${limit} invitation e-mails in the last day: try again tomorrow.`,
  };
}

/** Invitation links one person opens or uses in a minute (default 10). */
export function invitationTokensPerPerson(): RateLimitRule {
  const limit = serverEnv().RATE_LIMIT_INVITATION_TOKENS_PER_PERSON_MINUTE;
  return {
    name: "invitation-token-person",
    limit,
    windowMs: MINUTE_MS,
    message: `More than ${limit} invitation links in a minute: wait a minute and try again.`,
  };
}

const EMAIL_LINK_WINDOW_MS = 15 * MINUTE_MS;

function emailLinkRule(name: string, limit: number, per: string): RateLimitRule {
  return {
    name,
    limit,
    windowMs: EMAIL_LINK_WINDOW_MS,
    message: `More than ${limit} sign-in links asked for ${per} in 15 minutes: wait and try again.`,
  };
}

/**
 * E-mail sign-in links to one address asked for by one asker in 15 minutes (default 5), taken
 * twice: per (address, browser) and per (address, IP address). Someone asking for another's
 * address uses up their own budget for it, not the owner's, who still signs in from their browser.
 */
export function emailLinksPerAddressAndBrowser(): RateLimitRule {
  return emailLinkRule(
    "email-link-address-browser",
    serverEnv().RATE_LIMIT_EMAIL_LINKS_PER_ADDRESS,
    "for this address from this browser",
  );
}

export function emailLinksPerAddressAndIp(): RateLimitRule {
  return emailLinkRule(
    "email-link-address-ip",
    serverEnv().RATE_LIMIT_EMAIL_LINKS_PER_ADDRESS,
    "for this address from this network address",
  );
}

/** E-mail sign-in links to one address from everyone in 15 minutes (default 30): generous, a ceiling for many askers. */
export function emailLinksPerAddress(): RateLimitRule {
  return emailLinkRule("email-link-address", serverEnv().RATE_LIMIT_EMAIL_LINKS_PER_ADDRESS_ALL, "for this address");
}

/**
 * Sign-in mails to one address: one a minute. Asks beyond it get the same answer and no mail
 * (features/sign-in/core/server/email-link.ts): however many ask, an inbox sees at most one mail a minute.
 */
export function emailLinkMailsPerAddress(): RateLimitRule {
  return {
    name: "email-link-mail",
    limit: 1,
    windowMs: MINUTE_MS,
    message: "A sign-in mail went to this address in the last minute.",
  };
}

/** E-mail sign-in links asked for from one IP address in 15 minutes (default 30). */
export function emailLinksPerIp(): RateLimitRule {
  return emailLinkRule("email-link-ip", serverEnv().RATE_LIMIT_EMAIL_LINKS_PER_IP, "from this network address");
}

/** E-mail sign-in links asked for from one browser in 15 minutes (default 10). */
export function emailLinksPerBrowser(): RateLimitRule {
  return emailLinkRule("email-link-browser", serverEnv().RATE_LIMIT_EMAIL_LINKS_PER_BROWSER, "from this browser");
}

/**
 * Codes a signed-in person has mailed to verify a sign-in e-mail, in 15 minutes (default 5): with
 * the address's own sign-in link budget (emailLinksPerAddress), nobody turns this into a mail cannon.
 */
export function emailVerificationsPerPerson(): RateLimitRule {
  const limit = serverEnv().RATE_LIMIT_EMAIL_VERIFICATIONS_PER_PERSON;
  return {
    name: "email-verification-person",
    limit,
    windowMs: EMAIL_LINK_WINDOW_MS,
    message: `More than ${limit} verification codes asked for in 15 minutes: wait and try again.`,
  };
}

/**
 * Confirmation codes (recent sign-in for what matters) mailed for one session in 15 minutes (5),
 * and for one person in an hour (10): with 5 tries per code, guessing stays hopeless and the app
 * sends no stream of mail.
 */
export function confirmationCodesPerSession(): RateLimitRule {
  return {
    name: "confirmation-code-session",
    limit: 5,
    windowMs: EMAIL_LINK_WINDOW_MS,
    message: "More than 5 codes asked for in 15 minutes: wait and try again.",
  };
}

export function confirmationCodesPerPerson(): RateLimitRule {
  return {
    name: "confirmation-code-person",
    limit: 10,
    windowMs: HOUR_MS,
    message: "More than 10 codes asked for in an hour: wait and try again.",
  };
}
