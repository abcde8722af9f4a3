import "server-only";
import { disconnectAccounting } from "@/features/accounting/connection/server/disconnect";
import { deleteSession, loadSessionUser } from "@/lib/auth/server/session-store";
import { getDb } from "@/lib/db/client";
import { recordSignOut } from "../core/server/sign-in-audit";

/**
 * Sign-out: Disconnect (a person who signed in by e-mail link has nothing to disconnect), then end
 * this session (its cookie no longer signs anyone in), recorded in the person's audit trail.
 */
export async function signOutUser(userId: string, sessionId: string): Promise<void> {
  const user = await loadSessionUser(sessionId, userId);
  if (!user) return;
  const session = await getDb().session.findUnique({ where: { id: sessionId }, select: { userAgent: true } });
  try {
    if (user.connection) await disconnectAccounting(userId);
    if (user.legacyConnection) await disconnectAccounting(userId, "v3");
  } finally {
    await deleteSession(sessionId);
    await recordSignOut(userId, {
      scope: "this",
      sessions: [{ id: sessionId, userAgent: session?.userAgent ?? null }],
    });
  }
}
