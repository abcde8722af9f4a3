import "server-only";
import { personName, recordAudit, type AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import { deviceName } from "../../device";
import { log } from "@/lib/log/logger";

/**
 * Sign-ins, refused sign-in attempts and sign-outs in the audit trail. Signing in is the person's
 * own business, not one firm's: every entry goes to the person's personal workspace (made at their
 * first sign-in), where they and nobody else read it. An attempt for an address nobody has is
 * recorded nowhere (there is no workspace to put it in, and nobody to tell).
 */

export type SignInMethod = "accounting" | "email" | "passkey";
export type SignInFailure =
  "expired" | "used" | "other_browser" | "rate_limited" | "refused" | "replayed" | "callback_failed";

async function personalActor(userId: string, asPerson: boolean): Promise<AuditActor | null> {
  const user = await getDb().user.findUnique({
    where: { id: userId },
    select: { displayName: true, email: true, personalWorkspace: { select: { id: true } } },
  });
  if (!user?.personalWorkspace) return null;
  return {
    workspaceId: user.personalWorkspace.id,
    userId: asPerson ? userId : null,
    name: asPerson ? personName(user) : null,
  };
}

/** An entry in the person's personal workspace (their sign-ins, passkeys): as them, or by someone unknown. */
export async function recordPersonal(
  userId: string,
  asPerson: boolean,
  kind: Parameters<typeof recordAudit>[2],
): Promise<void> {
  try {
    const actor = await personalActor(userId, asPerson);
    await getDb().$transaction((tx) => recordAudit(tx, actor, kind));
  } catch (error) {
    // The sign-in itself stands; a lost entry is logged (without details, which hold addresses).
    log.warn({ error: (error as Error).name }, "sign-in: an audit entry was not written");
  }
}

export function recordSignIn(
  userId: string,
  session: { sessionId: string; method: SignInMethod; userAgent: string | null | undefined },
): Promise<void> {
  return recordPersonal(userId, true, {
    kind: "session.signed_in",
    subjectId: session.sessionId,
    details: { method: session.method, sessionId: session.sessionId, device: deviceName(session.userAgent) },
  });
}

/** A refused attempt on this person's address: the actor is unknown (whoever held the link or asked). */
export function recordSignInFailure(
  userId: string,
  failure: { method: SignInMethod; reason: SignInFailure; email: string },
): Promise<void> {
  return recordPersonal(userId, false, { kind: "session.sign_in_failed", details: { ...failure } });
}

export function recordSignOut(
  userId: string,
  ended: { scope: "this" | "one" | "others"; sessions: { id: string; userAgent: string | null }[] },
): Promise<void> {
  return recordPersonal(userId, true, {
    kind: "session.signed_out",
    subjectId: ended.sessions.length === 1 ? ended.sessions[0]!.id : null,
    details: {
      scope: ended.scope,
      sessionIds: ended.sessions.map((session) => session.id),
      devices: ended.sessions.map((session) => deviceName(session.userAgent)),
    },
  });
}
