import "server-only";
import { z } from "zod";
import { storeSignInTokens, revokeLegacyToken } from "@/features/accounting/connection/server/lifecycle";
import { tokenResponseSchema } from "@/features/accounting/schemas";
import { getDb } from "@/lib/db/client";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { createSession } from "@/lib/auth/server/session-store";
import { log } from "@/lib/log/logger";

/** Legacy access tokens last 3600 s (spec section 8) when next-auth passes no `expires_at`. */
const LEGACY_ACCESS_TOKEN_S = 3600;

const legacyAccountSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number().optional(),
  token_type: z.string().default("Bearer"),
  scopes: z.string().optional(),
  scope: z.string().optional(),
  resource_owner_id: z.string().min(1),
});

/** The person of a legacy sign-in: the legacy flow names no user, only the lead business (`resource_owner_id`). */
export function legacyAccountingUserId(resourceOwnerId: string): string {
  return `v3:${resourceOwnerId}`;
}

export function legacyTokensFromAccount(account: unknown, now = Date.now()) {
  const parsed = legacyAccountSchema.parse(account);
  const expiresIn = parsed.expires_at ? Math.max(1, Math.round(parsed.expires_at - now / 1000)) : LEGACY_ACCESS_TOKEN_S;
  // No refresh_token_expires_in: legacy refresh tokens never expire.
  const tokens = tokenResponseSchema.parse({ ...parsed, expires_in: expiresIn, refresh_token_expires_in: undefined });
  return { tokens, resourceOwnerId: parsed.resource_owner_id };
}

/**
 * After a legacy v3 code exchange: the person (by their lead business), their
 * v3 connection with the country whose token host renews and revokes it, and
 * a session row. Business and user details are not read: the legacy
 * endpoints for them are not specified (the pages offer the move to v3.1).
 */
export async function completeLegacySignIn(
  account: unknown,
  country: string | undefined,
  userAgent?: string,
): Promise<{ userId: string; sessionId: string }> {
  if (!country) throw new Error("The legacy callback carried no country: its token host is unknown.");
  const { tokens, resourceOwnerId } = legacyTokensFromAccount(account);
  const db = getDb();
  const user = await db.user.upsert({
    where: { accountingUserId: legacyAccountingUserId(resourceOwnerId) },
    create: { accountingUserId: legacyAccountingUserId(resourceOwnerId) },
    update: {},
    select: { id: true },
  });
  const replaced = await storeSignInTokens(db, { userId: user.id, tokens, country, version: "v3", resourceOwnerId });
  const sessionId = await createSession(user.id, { method: "accounting", userAgent });
  await ensurePersonalWorkspace(user.id);
  if (replaced.replacedAccessToken) {
    try {
      await revokeLegacyToken(replaced.replacedCountry ?? country, replaced.replacedAccessToken);
    } catch (error) {
      log.warn({ error: (error as Error).name }, "auth: revoking a replaced legacy token failed");
    }
  }
  return { userId: user.id, sessionId };
}
