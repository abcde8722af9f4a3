import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { storeSignInTokens } from "../connection/server/lifecycle";
import { tokenResponseSchema } from "../schemas";

const seededUsers: string[] = [];

/** Deletes the users (and so connections, sessions, businesses) seeded so far. */
export async function deleteSeededUsers(db: PrismaClient): Promise<void> {
  const ids = seededUsers.splice(0);
  if (ids.length) await db.user.deleteMany({ where: { id: { in: ids } } });
}

/** A user with a v3.1 connection holding real sandbox tokens; answers the ids. */
export async function seedConnection(
  db: PrismaClient,
  tokens: Record<string, unknown>,
): Promise<{ userId: string; connectionId: string }> {
  const user = await db.user.create({
    data: { accountingUserId: String(tokens.requested_by_id ?? randomUUID()) + ":" + randomUUID() },
  });
  seededUsers.push(user.id);
  const { connectionId } = await storeSignInTokens(db, {
    userId: user.id,
    tokens: tokenResponseSchema.parse(tokens),
    country: "GB",
  });
  return { userId: user.id, connectionId };
}

/** Makes the stored access token look expired to the app. */
export async function expireStoredAccessToken(db: PrismaClient, connectionId: string): Promise<void> {
  await db.accountingConnection.update({
    where: { id: connectionId },
    data: { accessTokenExpiresAt: new Date(Date.now() - 1000) },
  });
}
