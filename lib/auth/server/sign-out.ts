import "server-only";
import {
  defaultLifecycleDeps,
  disconnectUser,
  type ConnectionVersion,
  type RevokeOutcome,
} from "@/lib/accounting/connection/server/lifecycle";
import { scheduleRevokeRetry } from "@/lib/jobs/accounting-jobs";
import { deleteSession, loadSessionUser } from "./session-store";

/** Disconnect: revoke and delete the refresh token (a retry is queued when the service fails). */
export function disconnectAccounting(userId: string, version: ConnectionVersion = "v3_1"): Promise<RevokeOutcome> {
  return disconnectUser(userId, defaultLifecycleDeps(scheduleRevokeRetry), version);
}

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
