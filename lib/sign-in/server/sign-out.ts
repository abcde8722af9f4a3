import "server-only";
import { disconnectAccounting } from "@/lib/accounting/connection/server/disconnect";
import { deleteSession, loadSessionUser } from "@/lib/auth/server/session-store";

/** Sign-out: Disconnect, then end this session (its cookie no longer signs anyone in). */
export async function signOutUser(userId: string, sessionId: string): Promise<void> {
  const user = await loadSessionUser(sessionId, userId);
  if (!user) return;
  try {
    await disconnectAccounting(userId);
    if (user.legacyConnection) await disconnectAccounting(userId, "v3");
  } finally {
    await deleteSession(sessionId);
  }
}
