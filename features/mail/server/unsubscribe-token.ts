import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverEnv } from "@/lib/env/server";
import { isNotificationKind, type NotificationKind } from "@/features/notifications/kinds";

/**
 * The one-click unsubscribe's token (RFC 8058): it names a person and a notification kind (or
 * `all`, for the daily digest) and is signed with HMAC-SHA256 under a key derived from the app's
 * secret (NEXTAUTH_SECRET). It does not expire: an old mail's link keeps working, and all it can do
 * is turn e-mails off for its person, which they can turn on again. Changing NEXTAUTH_SECRET voids
 * every token sent.
 */

export type UnsubscribeScope = NotificationKind | "all";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(userId: string, scope: string): Buffer {
  const key = createHmac("sha256", serverEnv().NEXTAUTH_SECRET).update("ledgerlane mail unsubscribe v1").digest();
  return createHmac("sha256", key).update(`${userId}:${scope}`).digest();
}

export function unsubscribeToken(userId: string, scope: UnsubscribeScope): string {
  return `${userId}.${scope}.${signature(userId, scope).toString("base64url")}`;
}

/** The person and scope a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(token: string): { userId: string; scope: UnsubscribeScope } | null {
  const [userId, scope, mac, ...rest] = token.split(".");
  if (rest.length || !userId || !scope || !mac || !UUID.test(userId)) return null;
  if (scope !== "all" && !isNotificationKind(scope)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = signature(userId, scope);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, scope: scope as UnsubscribeScope };
}
