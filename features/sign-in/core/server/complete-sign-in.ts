import "server-only";
import { z } from "zod";
import { AccountingClient } from "@/features/accounting/server/accounting-service";
import { accountingClientWithNewToken } from "@/features/accounting/server/for-user";
import { accountingConfig } from "@/features/accounting/oauth/server/config";
import { requestRevocation } from "@/features/accounting/oauth/server/token-endpoint";
import {
  defaultLifecycleDeps,
  disconnectUser,
  revokeReplacedToken,
  storeSignInTokens,
} from "@/features/accounting/connection/server/lifecycle";
import { scheduleRevokeRetry } from "@/features/accounting/connection/server/jobs";
import { syncBusinesses } from "@/features/accounting/server/businesses";
import { getAccessToken, renewAccessToken } from "@/features/accounting/connection/server/access-token";
import { tokenResponseSchema, type TokenResponse } from "@/features/accounting/schemas";
import { personDisplayName } from "@/features/accounting/server/user-name";
import { getDb } from "@/lib/db/client";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { createSession } from "@/lib/auth/server/session-store";
import { countSpentRequest } from "@/lib/http/server/upstream-budget";
import { log } from "@/lib/log/logger";

/** What next-auth hands over after the code exchange: the token response, `expires_in` turned into `expires_at`. */
const accountSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: z.number().optional(),
  token_type: z.string().default("bearer"),
  scopes: z.string().optional(),
  scope: z.string().optional(),
  refresh_token_expires_in: z.coerce.number().optional(),
  requested_by_id: z.uuid(),
});

export function tokensFromAccount(account: unknown, now = Date.now()): TokenResponse & { requested_by_id: string } {
  const parsed = accountSchema.parse(account);
  const expiresIn = parsed.expires_at ? Math.max(1, Math.round(parsed.expires_at - now / 1000)) : 300;
  const tokens = tokenResponseSchema.parse({ ...parsed, expires_in: expiresIn });
  return { ...tokens, requested_by_id: parsed.requested_by_id };
}

/**
 * After a successful code exchange: the person (identified by the service's
 * `requested_by_id`), their connection with the new tokens, a session row, and
 * a first read of their name and businesses. Answers what the cookie carries.
 */
export async function completeSignIn(
  account: unknown,
  country: string | undefined,
  options: { moveFromUserId?: string; userAgent?: string } = {},
): Promise<{ userId: string; sessionId: string; moved: boolean }> {
  const tokens = tokensFromAccount(account);
  const db = getDb();
  const moveFromUserId =
    options.moveFromUserId &&
    (await sameLeadBusiness(tokens.access_token, tokens.requested_by_id, options.moveFromUserId))
      ? options.moveFromUserId
      : undefined;
  const user = moveFromUserId
    ? await userMovingToV31(tokens.requested_by_id, moveFromUserId)
    : await db.user.upsert({
        where: { accountingUserId: tokens.requested_by_id },
        create: { accountingUserId: tokens.requested_by_id },
        update: {},
        select: { id: true },
      });
  const { connectionId, replacedRefreshToken } = await storeSignInTokens(db, { userId: user.id, tokens, country });
  // The service counted the code exchange against this person: so does the connection's budget.
  await countSpentRequest({ service: "accounting", credential: connectionId });
  const sessionId = await createSession(user.id, { method: "accounting", userAgent: options.userAgent });
  const config = accountingConfig();
  if (replacedRefreshToken) await revokeReplacedToken(replacedRefreshToken, { config, revoke: requestRevocation });
  if (moveFromUserId) await retireLegacyConnection(moveFromUserId);
  await refreshProfile(user.id, connectionId);
  // After the profile, so a new person's workspace is named after them.
  await ensurePersonalWorkspace(user.id);
  return { userId: user.id, sessionId, moved: moveFromUserId !== undefined };
}

/**
 * The legacy flow knows a person only by their lead business (`resource_owner_id`):
 * the move goes ahead only when the v3.1 account has that lead business, so
 * signing in as someone else never takes over the legacy person's data.
 */
async function sameLeadBusiness(accessToken: string, accountingUserId: string, legacyUserId: string): Promise<boolean> {
  const legacy = await getDb().accountingConnection.findUnique({
    where: { userId_version: { userId: legacyUserId, version: "v3" } },
    select: { resourceOwnerId: true },
  });
  if (!legacy?.resourceOwnerId) return false;
  const client = accountingClientWithNewToken(accessToken, accountingUserId, "moving");
  try {
    return (await client.getLeadBusiness()).id === legacy.resourceOwnerId;
  } catch (error) {
    log.warn({ error: (error as Error).name }, "auth: the lead business could not be read for the move to v3.1");
    return false;
  }
}

/**
 * The move to v3.1: the legacy person (known only by their lead business)
 * becomes the v3.1 user, keeping everything stored for them, unless that v3.1
 * user is already known here; then the sign-in goes to that user.
 */
async function userMovingToV31(requestedById: string, legacyUserId: string): Promise<{ id: string }> {
  const db = getDb();
  const known = await db.user.findUnique({ where: { accountingUserId: requestedById }, select: { id: true } });
  if (known) return known;
  const moved = await db.user.updateMany({
    where: { id: legacyUserId, accountingUserId: { startsWith: "v3:" } },
    data: { accountingUserId: requestedById },
  });
  if (moved.count === 1) return { id: legacyUserId };
  return db.user.upsert({
    where: { accountingUserId: requestedById },
    create: { accountingUserId: requestedById },
    update: {},
    select: { id: true },
  });
}

/** After the move: the v3 token is revoked (retried in the background on a server error) and the v3 connection deleted. */
async function retireLegacyConnection(legacyUserId: string): Promise<void> {
  try {
    await disconnectUser(legacyUserId, defaultLifecycleDeps(scheduleRevokeRetry), "v3");
  } catch (error) {
    log.warn({ error: (error as Error).name }, "auth: revoking the legacy connection after the move failed");
  }
}

/** Name, email and businesses from the service; a failure leaves them for the next page view. */
export async function refreshProfile(userId: string, connectionId: string): Promise<void> {
  const config = accountingConfig();
  const client = new AccountingClient({
    baseUrl: config.baseUrl,
    credential: connectionId,
    timeoutMs: config.timeoutMs,
    tokens: { get: () => getAccessToken(connectionId), renew: (stale) => renewAccessToken(connectionId, { stale }) },
  });
  try {
    const [profile] = await Promise.all([client.getUser(), syncBusinesses(userId, client)]);
    const name = personDisplayName(profile);
    await getDb().user.update({ where: { id: userId }, data: { displayName: name, email: profile.email ?? null } });
  } catch (error) {
    log.warn({ error: (error as Error).name }, "auth: reading the profile after sign-in failed");
  }
}
