import "server-only";
import { accountingClientWithNewToken } from "@/features/accounting/server/for-user";
import { personDisplayName } from "@/features/accounting/server/user-name";
import { tokensFromAccount } from "@/features/sign-in/core/server/complete-sign-in";
import { recordSignInFailure } from "@/features/sign-in/core/server/sign-in-audit";
import { discardLinkAnswer, holdLinkAnswer, type LinkSession } from "./account-link";
import { log } from "@/lib/log/logger";

/**
 * The accounting callback of a link begun at /settings/security (./account-link.ts, step 2), run
 * by the next-auth jwt callback instead of a sign-in. The browser stays signed in as it was: the
 * answer is held for Confirm, or (no valid link of this session) thrown away.
 */
export interface LinkCallback {
  /** The row the nonce cookie names for this session, or null (another session's, replayed, late). */
  intentId: string | null;
  /** The session of the browser that came back. */
  session: LinkSession;
  /** Set here: `held` (go to the confirmation page) or `refused`. */
  outcome?: "held" | "refused";
}

/** The account's name as the service tells it, read with the new token before anything is stored. */
async function accountName(accessToken: string, accountingUserId: string): Promise<string | null> {
  const client = accountingClientWithNewToken(accessToken, accountingUserId, "linking");
  try {
    const profile = await client.getUser();
    return personDisplayName(profile) ?? profile.email ?? null;
  } catch (error) {
    log.warn({ error: (error as Error).name }, "account-linking: the account's name could not be read");
    return null;
  }
}

/** Holds or throws away the answer; answers the cookie's claims: the same session as before. */
export async function completeLinkCallback(
  account: unknown,
  country: string | undefined,
  link: LinkCallback,
): Promise<{ uid: string; sid: string }> {
  const tokens = tokensFromAccount(account);
  const keep = { uid: link.session.userId, sid: link.session.sessionId };
  if (link.intentId) {
    const accountingName = await accountName(tokens.access_token, tokens.requested_by_id);
    const held = await holdLinkAnswer(link.intentId, {
      accountingUserId: tokens.requested_by_id,
      accountingName,
      tokens,
      country,
    });
    if (held) {
      link.outcome = "held";
      return keep;
    }
  }
  link.outcome = "refused";
  await discardLinkAnswer(tokens);
  await recordSignInFailure(link.session.userId, { method: "accounting", reason: "callback_failed", email: "" });
  return keep;
}
