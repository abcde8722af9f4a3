import "server-only";
import { now, nowMs } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { sessionCache } from "./session-cache";
import type { SessionUser } from "./session-store";

/**
 * "Recent sign-in for what matters": approving and transferring a month, changing roles, webhooks,
 * deleting data and the owner's security settings need the session's last sign-in or confirmation
 * (a passkey or an e-mail code, features/sign-in/server/confirmation.ts) to lie at most 10 minutes back
 * on the app's clock (lib/clock, which the tests move). Per session: confirming in one browser
 * does not confirm another.
 */
export const RECENT_CONFIRMATION_MS = 10 * 60_000;

type Confirmed = Pick<SessionUser, "confirmedAt" | "confirmedBy" | "hasPasskey" | "workspace">;

/** How a session is confirmed (features/sign-in/server/confirmation.ts). */
export type ConfirmationMethod = "passkey" | "email_code";

/**
 * Whether the session's last sign-in or confirmation is recent enough for what matters, and of a
 * kind the active workspace accepts: where passkeys are required, someone with a passkey counts
 * only a passkey's (an e-mail code given in another workspace does not carry over on switching).
 */
export function isRecentlyConfirmed(user: Confirmed, atMs: number = nowMs()): boolean {
  if (atMs - user.confirmedAt.getTime() > RECENT_CONFIRMATION_MS) return false;
  return !(user.workspace?.requirePasskey && user.hasPasskey) || user.confirmedBy === "passkey";
}

/**
 * Refuses with 401 `reauthentication_required` (the browser then asks to confirm and retries)
 * unless the session was confirmed within 10 minutes. For handlers whose body decides whether the
 * step matters (the month-close POST: approve and transfer only); routes that always matter use
 * `withRoute({ recentConfirmation: true })`.
 */
export function requireRecentConfirmation(user: Confirmed): void {
  if (isRecentlyConfirmed(user)) return;
  throw new ApiError("reauthentication_required", undefined, {
    extra: { confirmedAt: user.confirmedAt.toISOString(), maxAgeSeconds: RECENT_CONFIRMATION_MS / 1000 },
  });
}

/**
 * Marks this one session confirmed now. The write notifies every process's session cache (the
 * `sessions` trigger); this process forgets the person at once, so its next request sees it.
 */
export async function markSessionConfirmed(
  user: Pick<SessionUser, "id" | "sessionId">,
  method: ConfirmationMethod,
): Promise<Date> {
  const at = now();
  const updated = await getDb().session.updateMany({
    where: { id: user.sessionId, userId: user.id },
    data: { confirmedAt: at, confirmedMethod: method },
  });
  if (updated.count !== 1) throw new ApiError("not_signed_in");
  sessionCache().forget(user.id);
  return at;
}
