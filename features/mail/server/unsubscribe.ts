import "server-only";
import { getDb } from "@/lib/db/client";
import { kindDefaults, notificationKinds } from "@/features/notifications/kinds";
import { readUnsubscribeToken, type UnsubscribeScope } from "./unsubscribe-token";

/**
 * Turns "By e-mail" off for the token's person and kind (every kind for `all`, the digest's
 * token), keeping "In the app" as it was (stored, else the kind's default). Null for a token that
 * is not ours or a person who no longer exists. Doing it twice changes nothing.
 */
export async function unsubscribeByToken(token: string): Promise<{ scope: UnsubscribeScope } | null> {
  const read = readUnsubscribeToken(token);
  if (!read) return null;
  const db = getDb();
  const kinds = read.scope === "all" ? [...notificationKinds()] : [read.scope];
  const done = await db.$transaction(async (tx) => {
    const exists = await tx.user.count({ where: { id: read.userId } });
    if (!exists) return false;
    for (const kind of kinds) {
      await tx.$executeRaw`
        INSERT INTO notification_preferences (user_id, kind, in_app, by_email)
        VALUES (${read.userId}::uuid, ${kind}, ${kindDefaults(kind).inApp}, false)
        ON CONFLICT (user_id, kind) DO UPDATE SET by_email = false`;
    }
    return true;
  });
  return done ? { scope: read.scope } : null;
}
