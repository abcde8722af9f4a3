import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { authCookieNames } from "@/lib/auth/server/cookies";
import { createSession } from "@/lib/auth/server/session-store";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import {
  emailLinkMailsPerAddress,
  emailLinksPerAddress,
  emailLinksPerAddressAndBrowser,
  emailLinksPerAddressAndIp,
  emailLinksPerBrowser,
  emailLinksPerIp,
} from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { EMAIL_LINK_LIFETIME_MINUTES } from "../../schemas";
import { recordSignIn, recordSignInFailure, type SignInFailure } from "./sign-in-audit";

/**
 * E-mail sign-in links. Who may sign in by one: a person whose address is verified here (they
 * opened a link before), or someone a workspace invited by that address (an open invitation):
 * their first link makes them a person, without an accounting account. A link is single use,
 * lasts 15 minutes on the app's clock (lib/clock), and works only in the browser that asked for
 * it (the hash of that browser's nonce cookie is kept with it). Only hashes are stored.
 *
 * Asking does the same work whether or not anyone has the address (a row is written either way,
 * both lookups run either way; the mail goes out after the answer), so neither the answer nor
 * its timing tells who is known.
 */

const LIFETIME_MS = EMAIL_LINK_LIFETIME_MINUTES * 60_000;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

/** 32 random bytes, base64url: a link's token or a browser's nonce. */
export const newSecret = (): string => randomBytes(32).toString("base64url");

/** The browser nonce lives a day: long enough to open a link asked for today. */
const BROWSER_COOKIE_MAX_AGE_S = 24 * 60 * 60;

export function browserCookie(nonce: string): string {
  const names = authCookieNames();
  return `${names.signInBrowser}=${nonce}; Path=/; Max-Age=${BROWSER_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${names.secure ? "; Secure" : ""}`;
}

export const isWellFormedSecret = (value: string | undefined | null): value is string => !!value && SECRET.test(value);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Whom a link to an address would reach: a known person (their language) or an invitee. */
export interface Recipient {
  userId: string | null;
  locale: string | null;
  name: string | null;
}

async function findRecipient(db: Prisma.TransactionClient, email: string, at: Date): Promise<Recipient | null> {
  const [user, invitation] = await Promise.all([
    db.user.findUnique({ where: { verifiedEmail: email }, select: { id: true, locale: true, displayName: true } }),
    db.workspaceInvitation.findFirst({
      where: {
        inviteeEmail: { equals: email, mode: "insensitive" },
        usedAt: null,
        revokedAt: null,
        expiresAt: { gt: at },
      },
      select: { inviteeName: true },
    }),
  ]);
  if (user) return { userId: user.id, locale: user.locale, name: user.displayName };
  if (invitation) return { userId: null, locale: null, name: invitation.inviteeName };
  return null;
}

export interface LinkRequest {
  email: string;
  callbackUrl: string | null;
  /** The asking browser's nonce cookie (made by the handler when it had none). */
  browserNonce: string;
  /** The client's IP address as the handler reads it. */
  ip: string;
}

/**
 * Takes one use of each limit (429 `rate_limited` with Retry-After beyond any), writes the link
 * and answers its token and whom it reaches (null: nobody, or the address had its mail this
 * minute; the handler sends nothing then and answers alike). The address's own budget is per
 * asker (browser, IP address), so asks for someone else's address do not block them.
 */
export async function requestSignInLink(request: LinkRequest): Promise<{ token: string; recipient: Recipient | null }> {
  const email = normalizeEmail(request.email);
  const browserHash = sha256(request.browserNonce);
  const at = now();
  try {
    await takeRateLimits(
      [
        { rule: emailLinksPerAddressAndBrowser(), subject: `${email}:${browserHash}` },
        { rule: emailLinksPerAddressAndIp(), subject: `${email}:${request.ip}` },
        { rule: emailLinksPerAddress(), subject: email },
        { rule: emailLinksPerIp(), subject: request.ip },
        { rule: emailLinksPerBrowser(), subject: browserHash },
      ],
      { now: at },
    );
  } catch (error) {
    if (isRateLimited(error)) void recordFailure(email, "rate_limited");
    throw error;
  }
  const token = newSecret();
  const db = getDb();
  const [, recipient] = await Promise.all([
    db.emailSignInLink.create({
      data: {
        tokenHash: sha256(token),
        email,
        browserHash,
        callbackUrl: request.callbackUrl,
        expiresAt: new Date(at.getTime() + LIFETIME_MS),
      },
      select: { id: true },
    }),
    findRecipient(db, email, at),
  ]);
  // The mail's own limit is taken for every ask, known address or not (the same work either way),
  // but counts only the asks that mail someone: an ask for an address nobody holds yet does not
  // keep its first mail back once the address is someone's.
  const mailSubject = recipient ? email : `nobody:${email}`;
  const mailNow = await takeRateLimits([{ rule: emailLinkMailsPerAddress(), subject: mailSubject }], { now: at }).then(
    () => true,
    (error: unknown) => {
      if (isRateLimited(error)) return false;
      throw error;
    },
  );
  return { token, recipient: mailNow ? recipient : null };
}

const isRateLimited = (error: unknown) => error instanceof ApiError && error.code === "rate_limited";

/** Refused attempts on a known person's address go to their audit trail (after the answer: no timing). */
async function recordFailure(email: string, reason: SignInFailure): Promise<void> {
  const user = await getDb()
    .user.findUnique({ where: { verifiedEmail: email }, select: { id: true } })
    .catch(() => null);
  if (user) await recordSignInFailure(user.id, { method: "email", reason, email });
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const REFUSAL_CODES = {
  invalid: "sign_in_link_invalid",
  used: "sign_in_link_used",
  expired: "sign_in_link_expired",
  other_browser: "sign_in_link_other_browser",
} as const;

type Outcome = { refused: keyof typeof REFUSAL_CODES; email?: string } | { userId: string; callbackUrl: string | null };

/**
 * Opens a link: in one transaction the link's row is locked, checked (unknown, used, expired,
 * another browser: refused with its code, nothing signed in; another browser leaves it usable in
 * the right one) and marked used, and the person is found or, for an invitee, made. Then a
 * session like the accounting sign-in's, the personal workspace, and the audit entry.
 */
export async function redeemSignInLink(
  token: string,
  browser: { nonce: string | undefined; userAgent: string | null; locale: string },
): Promise<{ userId: string; sessionId: string; callbackUrl: string | null }> {
  if (!isWellFormedSecret(token)) throw new ApiError(REFUSAL_CODES.invalid);
  const at = now();
  const outcome = await getDb().$transaction(async (tx): Promise<Outcome> => {
    const tokenHash = sha256(token);
    await tx.$queryRaw`SELECT id FROM email_sign_in_links WHERE token_hash = ${tokenHash} FOR UPDATE`;
    const link = await tx.emailSignInLink.findUnique({ where: { tokenHash } });
    if (!link) return { refused: "invalid" };
    if (link.usedAt) return { refused: "used", email: link.email };
    if (link.expiresAt.getTime() <= at.getTime()) return { refused: "expired", email: link.email };
    if (!browser.nonce || !sameHash(sha256(browser.nonce), link.browserHash))
      return { refused: "other_browser", email: link.email };
    await tx.emailSignInLink.update({ where: { id: link.id }, data: { usedAt: at } });
    const userId = await personFor(tx, link.email, at, browser.locale);
    // A link to an address nobody has is spent and signs nobody in: it reads as any unknown link.
    return userId ? { userId, callbackUrl: link.callbackUrl } : { refused: "invalid" };
  });
  if ("refused" in outcome) {
    if (outcome.email && outcome.refused !== "invalid") await recordFailure(outcome.email, outcome.refused);
    throw new ApiError(REFUSAL_CODES[outcome.refused]);
  }
  await ensurePersonalWorkspace(outcome.userId);
  const sessionId = await createSession(outcome.userId, { method: "email", userAgent: browser.userAgent });
  await recordSignIn(outcome.userId, { sessionId, method: "email", userAgent: browser.userAgent });
  return { userId: outcome.userId, sessionId, callbackUrl: outcome.callbackUrl };
}

/** The person with this verified address, or (an open invitation names it) a new one, now verified. */
async function personFor(
  tx: Prisma.TransactionClient,
  email: string,
  at: Date,
  locale: string,
): Promise<string | null> {
  const recipient = await findRecipient(tx, email, at);
  if (!recipient) return null;
  if (recipient.userId) return recipient.userId;
  const user = await tx.user.upsert({
    where: { verifiedEmail: email },
    create: { email, verifiedEmail: email, emailVerifiedAt: at, displayName: recipient.name, locale },
    update: {},
    select: { id: true },
  });
  return user.id;
}
