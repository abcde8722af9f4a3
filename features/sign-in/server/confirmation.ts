import "server-only";
import { createHmac, randomInt, randomUUID } from "node:crypto";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import {
  isRecentlyConfirmed,
  markSessionConfirmed,
  type ConfirmationMethod,
} from "@/lib/auth/server/recent-confirmation";
import type { SessionUser } from "@/lib/auth/server/session-store";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "@/lib/http/api-error";
import { enqueueMail } from "@/features/mail/server/outbox";
import { authenticationOptions, verifyAssertion } from "@/features/passkeys/server/authentication";
import { passkeyRequired } from "@/features/passkeys/server/requirement";
import { confirmationCodesPerPerson, confirmationCodesPerSession } from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import { reportedEmailOf } from "@/features/workspaces/server/invitee-email";
import { canSendMail } from "@/features/workspaces/server/mail";
import { CONFIRMATION_CODE_MINUTES, CONFIRMATION_CODE_TRIES, type ConfirmationMethods } from "../schemas";
import { recordPersonal } from "../core/server/sign-in-audit";

/**
 * Confirming a session for what matters (lib/auth/server/recent-confirmation.ts): with a passkey
 * (a WebAuthn assertion of the "confirm" purpose, its challenge bound to this session and only the
 * person's passkeys allowed: features/passkeys/server/authentication.ts) or with a 6-digit code mailed
 * through the outbox to the person's verified address, else the address the accounting service
 * reports. A code is kept as an HMAC only, one open code per session, 10 minutes on the app's
 * clock, single use, 5 wrong tries. When the active workspace requires passkeys and the person has
 * one, only the passkey counts. Each confirmation sets this session's `confirmed_at` alone, and is
 * in the person's trail (`session.confirmed`, `session.confirmation_failed`).
 */

type Person = SessionUser;

export interface CodeMail {
  subject: (values: { code: string; minutes: number }) => string;
  text: (values: { code: string; minutes: number }) => string;
  locale: string;
}

async function hasPasskey(userId: string): Promise<boolean> {
  return (await getDb().passkey.count({ where: { userId } })) > 0;
}

/** Whether the active workspace requires passkeys of a person who has one: then no e-mail code. */
async function passkeyOnly(user: Person, withPasskey: boolean): Promise<boolean> {
  return withPasskey && user.workspace !== null && (await passkeyRequired(user.workspace.id));
}

/** The address as known without asking the service (the verified one first). */
function knownAddress(user: Person): string | null {
  return user.verifiedEmail ?? user.email ?? null;
}

/** `pat@example.com` → `p••@example.com`: enough to recognise one's address, not to read it off a screen. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${address[0]}${"•".repeat(Math.min(Math.max(at - 1, 2), 6))}${address.slice(at)}`;
}

export async function confirmationMethods(user: Person): Promise<ConfirmationMethods> {
  const withPasskey = await hasPasskey(user.id);
  const address = knownAddress(user);
  const mailable = canSendMail() && (address !== null || user.connection?.status === "active");
  return {
    passkey: withPasskey,
    emailCode: mailable && !(await passkeyOnly(user, withPasskey)),
    email: address ? maskedAddress(address) : null,
    confirmedAt: user.confirmedAt.toISOString(),
    recent: isRecentlyConfirmed(user),
  };
}

// --- Passkey ---------------------------------------------------------------------------------

export async function confirmPasskeyOptions(user: Person) {
  if (!(await hasPasskey(user.id)))
    throw new ApiError("conflict", "You have no passkey: confirm with an e-mail code instead.");
  return authenticationOptions("confirm", user.sessionId, user.id);
}

export async function confirmWithPasskey(user: Person, response: AuthenticationResponseJSON): Promise<Date> {
  try {
    // The challenge is bound to this session: another session's, a used one or a replayed answer is refused.
    await verifyAssertion(response, "confirm", user.sessionId);
  } catch (error) {
    if (error instanceof ApiError) await recordFailure(user, "passkey", error.code);
    throw error;
  }
  return confirmed(user, "passkey");
}

// --- E-mail code -----------------------------------------------------------------------------

function codeHash(sessionId: string, code: string): string {
  return createHmac("sha256", serverEnv().NEXTAUTH_SECRET)
    .update(`confirmation-code:${sessionId}:${code}`)
    .digest("hex");
}

/** The address a code goes to: the verified one, else what the accounting service reports now (else what it reported at sign-in). */
async function codeAddress(user: Person): Promise<string | null> {
  if (user.verifiedEmail) return user.verifiedEmail;
  if (user.connection?.status === "active") {
    const reported = await reportedEmailOf(user).catch(() => null);
    if (reported) return reported;
  }
  return user.email ?? null;
}

async function refuseCodeWhenPasskeyOnly(user: Person): Promise<void> {
  if (await passkeyOnly(user, await hasPasskey(user.id))) {
    throw new ApiError("forbidden", "This workspace requires passkeys: confirm with your passkey.");
  }
}

/** Makes a new code (replacing an open one) and puts its mail in the outbox, in one transaction. */
export async function sendConfirmationCode(user: Person, mail: CodeMail): Promise<{ sentTo: string; expiresAt: Date }> {
  await refuseCodeWhenPasskeyOnly(user);
  if (!canSendMail()) throw new ApiError("mail_not_configured");
  const address = await codeAddress(user);
  if (!address) throw new ApiError("conflict", "There is no e-mail address to send a code to: sign in again.");
  await takeRateLimits([
    { rule: confirmationCodesPerSession(), subject: user.sessionId },
    { rule: confirmationCodesPerPerson(), subject: user.id },
  ]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const at = now();
  const expiresAt = new Date(at.getTime() + CONFIRMATION_CODE_MINUTES * 60_000);
  const values = { code, minutes: CONFIRMATION_CODE_MINUTES };
  await getDb().$transaction(async (tx) => {
    const data = { codeHash: codeHash(user.sessionId, code), expiresAt, wrongTries: 0, createdAt: at };
    await tx.sessionConfirmationCode.upsert({
      where: { sessionId: user.sessionId },
      create: { sessionId: user.sessionId, ...data },
      update: data,
    });
    await enqueueMail(tx, {
      idempotencyKey: `confirmation-code:${randomUUID()}`,
      to: address,
      userId: user.id,
      locale: mail.locale,
      kind: "confirmation_code",
      subject: mail.subject(values),
      text: mail.text(values),
    });
  });
  return { sentTo: maskedAddress(address), expiresAt };
}

/**
 * Confirms with a code. One statement checks the code and counts the try, on the row it locks:
 * the right code deletes the row (a second use finds nothing), a wrong one counts a try, both only
 * within the code's 10 minutes and 5 tries. However many guesses arrive at once, each is compared
 * only while fewer than 5 were counted, and every wrong one compared is counted.
 */
export async function confirmWithCode(user: Person, code: string): Promise<Date> {
  await refuseCodeWhenPasskeyOnly(user);
  const db = getDb();
  const at = now();
  const atUtc = at.toISOString().slice(0, -1);
  const hash = codeHash(user.sessionId, code);
  const counted = await db.$queryRaw<{ used: boolean; wrongTries: number }[]>`
    WITH hit AS (
      DELETE FROM session_confirmation_codes
      WHERE session_id = ${user.sessionId}::uuid AND expires_at > ${atUtc}::timestamp(3)
        AND wrong_tries < ${CONFIRMATION_CODE_TRIES} AND code_hash = ${hash}
      RETURNING true AS used, wrong_tries
    ), miss AS (
      UPDATE session_confirmation_codes SET wrong_tries = wrong_tries + 1
      WHERE session_id = ${user.sessionId}::uuid AND expires_at > ${atUtc}::timestamp(3)
        AND wrong_tries < ${CONFIRMATION_CODE_TRIES} AND code_hash <> ${hash}
      RETURNING false AS used, wrong_tries
    )
    SELECT used, wrong_tries AS "wrongTries" FROM hit UNION ALL SELECT used, wrong_tries AS "wrongTries" FROM miss`;
  if (counted[0]?.used) return confirmed(user, "email_code");
  const row = counted[0];
  if (!row) {
    const stale = await db.sessionConfirmationCode.findUnique({
      where: { sessionId: user.sessionId },
      select: { expiresAt: true },
    });
    const reason = !stale ? "none" : stale.expiresAt.getTime() <= at.getTime() ? "expired" : "tries";
    await recordFailure(user, "email_code", reason);
    throw new ApiError("confirmation_code_invalid", undefined, { extra: { reason } });
  }
  const triesLeft = Math.max(0, CONFIRMATION_CODE_TRIES - row.wrongTries);
  await recordFailure(user, "email_code", "wrong");
  throw new ApiError("confirmation_code_wrong", undefined, { fields: { code: "wrong" }, extra: { triesLeft } });
}

// --- Both ------------------------------------------------------------------------------------

async function confirmed(user: Person, method: ConfirmationMethod): Promise<Date> {
  const at = await markSessionConfirmed(user, method);
  await recordPersonal(user.id, true, {
    kind: "session.confirmed",
    subjectId: user.sessionId,
    details: { method, sessionId: user.sessionId },
  });
  return at;
}

function recordFailure(user: Person, method: ConfirmationMethod, reason: string): Promise<void> {
  return recordPersonal(user.id, true, {
    kind: "session.confirmation_failed",
    subjectId: user.sessionId,
    details: { method, reason, sessionId: user.sessionId },
  });
}
