import "server-only";
import { getDb } from "@/lib/db/client";
import { forgetAccessToken, getAccessToken } from "../../connection/server/access-token";

/**
 * Makes sure the legacy v3 connection holds a valid access token (renewing it
 * at its country's token host when it expired) and tells until when. The
 * stored row is read, not this process's cache: another process may have
 * renewed or the token may have been revoked meanwhile.
 */
export async function checkLegacyConnection(
  userId: string,
): Promise<{ ok: true; accessTokenExpiresAt: Date } | { ok: false; reason: string }> {
  const db = getDb();
  const connection = await db.accountingConnection.findUnique({
    where: { userId_version: { userId, version: "v3" } },
    select: { id: true },
  });
  if (!connection) return { ok: false, reason: "not connected" };
  forgetAccessToken(connection.id);
  try {
    await getAccessToken(connection.id);
  } catch (error) {
    return { ok: false, reason: (error as { $dataCode?: string }).$dataCode ?? (error as Error).name };
  }
  const row = await db.accountingConnection.findUnique({
    where: { id: connection.id },
    select: { accessTokenExpiresAt: true },
  });
  return row?.accessTokenExpiresAt
    ? { ok: true, accessTokenExpiresAt: row.accessTokenExpiresAt }
    : { ok: false, reason: "not connected" };
}
