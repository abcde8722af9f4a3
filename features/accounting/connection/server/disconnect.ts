import "server-only";
import { scheduleRevokeRetry } from "./jobs";
import { defaultLifecycleDeps, disconnectUser, type ConnectionVersion, type RevokeOutcome } from "./lifecycle";

/** Disconnect: revoke and delete the refresh token (a retry is queued when the service fails). */
export function disconnectAccounting(userId: string, version: ConnectionVersion = "v3_1"): Promise<RevokeOutcome> {
  return disconnectUser(userId, defaultLifecycleDeps(scheduleRevokeRetry), version);
}
