import "server-only";
import { accountingConfig } from "@/features/accounting/oauth/server/config";
import { requestRevocation } from "@/features/accounting/oauth/server/token-endpoint";
import { revokeReplacedToken, storeSignInTokens } from "@/features/accounting/connection/server/lifecycle";
import { tokenResponseSchema, type TokenResponse } from "@/features/accounting/schemas";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { openSecret, sealSecret } from "@/lib/server/secrets";
import { newSecret, sha256 } from "@/features/sign-in/core/server/email-link";
import { refreshProfile } from "@/features/sign-in/core/server/complete-sign-in";
import { tellOfNewWayIn } from "@/features/sign-in/core/server/way-in-notice";
import { LINK_LIFETIME_MINUTES, type PendingLinkView } from "../schemas";
import { recordLinkingChange } from "./linking-audit";

/**
 * An e-mail person (no accounting account) links an accounting account, in three steps:
 *
 * 1. **Begin** (`POST /api/auth/signin/accounting?link=1`, signed in): a row bound to this person
 *    and this session (gone with it), and a nonce cookie naming it for the accounting sign-in.
 * 2. **The service answers** (the OAuth callback): when the nonce names a row of the session that
 *    comes back, the answer (whose account, its name, the tokens sealed to the row) is held there
 *    and nobody is signed in as anyone else; otherwise the answer is thrown away (tokens revoked).
 * 3. **Confirm or Cancel** on /settings/security/link, from the same session: only Confirm links
 *    (`users.accounting_user_id`, the connection with the held tokens), once.
 *
 * Two people are never merged: an accounting account that already signs in another Ledgerlane
 * person is refused (the confirmation page says so before anything is asked), and so is linking
 * for someone who already has an accounting account. (docs/features/account-linking.md.)
 */

const LIFETIME_MS = LINK_LIFETIME_MINUTES * 60_000;
const TOKENS_COLUMN = (rowId: string) =>
  ({ table: "account_link_intents", rowId, column: "tokens_encrypted" }) as const;

export interface LinkSession {
  userId: string;
  sessionId: string;
}

/** Step 1: the nonce for the cookie, or null for someone who already has an accounting account. */
export async function beginAccountLink(
  user: LinkSession & { accountingUserId: string | null },
): Promise<string | null> {
  if (user.accountingUserId) return null;
  const nonce = newSecret();
  await getDb().accountLinkIntent.create({
    data: {
      userId: user.userId,
      sessionId: user.sessionId,
      nonceHash: sha256(nonce),
      expiresAt: new Date(now().getTime() + LIFETIME_MS),
    },
  });
  return nonce;
}

/**
 * Step 2's check: the row the nonce names, when it is this session's, not yet answered and not
 * expired; null otherwise (a nonce from another session or person, replayed, or late).
 */
export async function linkIntentFor(nonce: string | undefined, session: LinkSession | null): Promise<string | null> {
  if (!nonce || !session) return null;
  const row = await getDb().accountLinkIntent.findFirst({
    where: {
      nonceHash: sha256(nonce),
      userId: session.userId,
      sessionId: session.sessionId,
      returnedAt: null,
      decidedAt: null,
      expiresAt: { gt: now() },
    },
    select: { id: true },
  });
  return row?.id ?? null;
}

export interface LinkAnswer {
  accountingUserId: string;
  accountingName: string | null;
  tokens: TokenResponse;
  country: string | undefined;
}

/** Step 2: keeps the service's answer on the row (tokens sealed to it); false when the row was answered meanwhile. */
export async function holdLinkAnswer(intentId: string, answer: LinkAnswer): Promise<boolean> {
  const held = await getDb().accountLinkIntent.updateMany({
    where: { id: intentId, returnedAt: null, decidedAt: null },
    data: {
      accountingUserId: answer.accountingUserId,
      accountingName: answer.accountingName,
      tokensEncrypted: sealSecret(JSON.stringify(answer.tokens), TOKENS_COLUMN(intentId)),
      country: answer.country ?? null,
      returnedAt: now(),
    },
  });
  return held.count === 1;
}

/** What the confirmation page shows: the waiting link of this session, and whether it can be confirmed. */
export async function pendingLink(session: LinkSession): Promise<PendingLinkView | null> {
  const db = getDb();
  const row = await db.accountLinkIntent.findFirst({
    where: {
      userId: session.userId,
      sessionId: session.sessionId,
      returnedAt: { not: null },
      decidedAt: null,
      expiresAt: { gt: now() },
    },
    orderBy: { returnedAt: "desc" },
    select: {
      id: true,
      accountingUserId: true,
      accountingName: true,
      user: { select: { verifiedEmail: true, accountingUserId: true } },
    },
  });
  if (!row?.accountingUserId) return null;
  const holder = await db.user.findUnique({ where: { accountingUserId: row.accountingUserId }, select: { id: true } });
  const refusal = row.user.accountingUserId
    ? "already_linked"
    : holder && holder.id !== session.userId
      ? "account_belongs_to_other"
      : null;
  return { id: row.id, accountingName: row.accountingName, email: row.user.verifiedEmail, refusal };
}

interface Decided {
  accountingName: string | null;
  email: string | null;
  tokens: TokenResponse | null;
  country: string | null;
  refusedAsTaken: boolean;
}

/**
 * Marks the session's waiting link decided (locked, once) and answers what it held; a link of
 * another session or person, decided, unanswered or expired is `account_link_invalid`.
 */
async function decide(session: LinkSession, linkId: string, outcome: "confirmed" | "cancelled"): Promise<Decided> {
  const at = now();
  return getDb().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM account_link_intents WHERE id = ${linkId}::uuid FOR UPDATE`;
    const row = await tx.accountLinkIntent.findFirst({
      where: {
        id: linkId,
        userId: session.userId,
        sessionId: session.sessionId,
        returnedAt: { not: null },
        decidedAt: null,
        expiresAt: { gt: at },
      },
      include: { user: { select: { verifiedEmail: true, accountingUserId: true } } },
    });
    if (!row?.accountingUserId || !row.tokensEncrypted) throw new ApiError("account_link_invalid");
    const tokens = tokenResponseSchema.parse(JSON.parse(openSecret(row.tokensEncrypted, TOKENS_COLUMN(row.id))));
    const holder = await tx.user.findUnique({
      where: { accountingUserId: row.accountingUserId },
      select: { id: true },
    });
    const refusedAsTaken =
      outcome === "confirmed" && (!!row.user.accountingUserId || (!!holder && holder.id !== session.userId));
    await tx.accountLinkIntent.update({
      where: { id: row.id },
      data: { decidedAt: at, outcome: refusedAsTaken ? "refused" : outcome, tokensEncrypted: null },
    });
    if (outcome === "confirmed" && !refusedAsTaken) {
      await tx.user.update({ where: { id: session.userId }, data: { accountingUserId: row.accountingUserId } });
      await tellOfNewWayIn(tx, {
        userId: session.userId,
        way: "account_link",
        changeId: row.id,
        detail: row.accountingName ?? "",
      });
    }
    return {
      accountingName: row.accountingName,
      email: row.user.verifiedEmail,
      tokens,
      country: row.country,
      refusedAsTaken,
    };
  });
}

async function revoke(tokens: TokenResponse | null): Promise<void> {
  if (tokens)
    await revokeReplacedToken(tokens.refresh_token, { config: accountingConfig(), revoke: requestRevocation });
}

/** Step 3, Confirm: the accounting account signs this person in too; their connection holds the tokens. */
export async function confirmAccountLink(session: LinkSession, linkId: string): Promise<void> {
  let decided: Decided;
  try {
    decided = await decide(session, linkId, "confirmed");
  } catch (error) {
    // The account was taken by a sign-in between the page and Confirm: the unique index refuses it.
    if ((error as { code?: string } | null)?.code === "P2002") throw new ApiError("account_belongs_to_other");
    throw error;
  }
  if (decided.refusedAsTaken) {
    await revoke(decided.tokens);
    throw new ApiError("account_belongs_to_other");
  }
  const db = getDb();
  const { connectionId } = await storeSignInTokens(db, {
    userId: session.userId,
    tokens: decided.tokens!,
    country: decided.country ?? undefined,
  });
  await recordLinkingChange(session.userId, {
    kind: "account.linked",
    accountingName: decided.accountingName,
    email: decided.email,
  });
  await refreshProfile(session.userId, connectionId);
}

/** Step 3, Cancel: nothing is linked; the service's tokens are revoked. */
export async function cancelAccountLink(session: LinkSession, linkId: string): Promise<void> {
  const decided = await decide(session, linkId, "cancelled");
  await revoke(decided.tokens);
  await recordLinkingChange(session.userId, { kind: "account.link_cancelled", accountingName: decided.accountingName });
}

/** A service answer that no valid link wanted (another session's nonce, replayed, late): its tokens are revoked. */
export async function discardLinkAnswer(tokens: TokenResponse): Promise<void> {
  await revoke(tokens);
}
