import "server-only";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { getDb } from "@/lib/db/client";
import { deviceName } from "../device";
import type { SessionView } from "../schemas";
import { recordSignOut } from "../core/server/sign-in-audit";

/**
 * A person's own sessions (/settings/security): each names its device, when it began and when it
 * was last seen; they end one, or all but this one. Every query names the person: another
 * person's session id reaches nothing (404 at the route).
 */

export async function listSessions(userId: string, currentSessionId: string): Promise<SessionView[]> {
  const rows = await getDb().session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
    select: { id: true, userAgent: true, method: true, createdAt: true, lastSeenAt: true },
  });
  return rows.map((row) => ({
    id: row.id,
    device: deviceName(row.userAgent),
    method: row.method === "email" || row.method === "passkey" ? row.method : "accounting",
    startedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends the sessions of `userId` that `where` picks; answers how many ended, each recorded once. */
async function endWhere(
  userId: string,
  scope: "one" | "others",
  ids: { only?: string; except?: string },
): Promise<number> {
  const db = getDb();
  const where = { userId, ...(ids.only ? { id: ids.only } : {}), ...(ids.except ? { id: { not: ids.except } } : {}) };
  const ended = await db.session.findMany({ where, select: { id: true, userAgent: true } });
  if (ended.length === 0) return 0;
  await db.session.deleteMany({ where: { userId, id: { in: ended.map((session) => session.id) } } });
  for (const session of ended) sessionCache().forgetKey(session.id);
  await recordSignOut(userId, { scope, sessions: ended });
  return ended.length;
}

/** Another of the person's sessions; 0 when it is not theirs (or already ended), or is this one. */
export function endSession(userId: string, currentSessionId: string, sessionId: string): Promise<number> {
  if (sessionId === currentSessionId) return Promise.resolve(0);
  return endWhere(userId, "one", { only: sessionId });
}

export function endOtherSessions(userId: string, currentSessionId: string): Promise<number> {
  return endWhere(userId, "others", { except: currentSessionId });
}
