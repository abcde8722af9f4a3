import "server-only";
import { randomInt, timingSafeEqual } from "node:crypto";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { enqueueMail } from "@/features/mail/server/outbox";
import { emailLinksPerAddress, emailVerificationsPerPerson } from "@/lib/rate-limit/limits";
import { takeRateLimits } from "@/lib/rate-limit/rate-limit";
import { normalizeEmail, sha256 } from "@/features/sign-in/core/server/email-link";
import { tellOfNewWayIn } from "@/features/sign-in/core/server/way-in-notice";
import { VERIFICATION_CODE_LIFETIME_MINUTES, VERIFICATION_CODE_TRIES } from "../schemas";
import { recordLinkingChange } from "./linking-audit";

/**
 * A signed-in person adds a sign-in e-mail: a 6-digit code is mailed to the address (through the
 * outbox, in the transaction that keeps the code's hash), and entering it makes the address their
 * `verified_email`, so they can also sign in by e-mail link. Only the person who asked can use the
 * code (the row is theirs), only their latest request counts, once, for 15 minutes and 5 tries.
 *
 * Whether another person already has the address is told only after the code proved the asker
 * receives its mail: asking tells nothing about who is known. Two people are never merged here:
 * that address stays the other person's (docs/features/account-linking.md).
 */

export interface VerificationMail {
  subject: string;
  text: string;
  html: string;
}

const hashOf = (verificationUserId: string, code: string): string => sha256(`${verificationUserId}:${code}`);

export async function requestEmailVerification(
  user: { id: string; locale: string },
  rawEmail: string,
  mailFor: (code: string) => VerificationMail,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const at = now();
  await takeRateLimits(
    [
      { rule: emailVerificationsPerPerson(), subject: user.id },
      { rule: emailLinksPerAddress(), subject: email },
    ],
    { now: at },
  );
  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  await getDb().$transaction(async (tx) => {
    const row = await tx.emailVerification.create({
      data: {
        userId: user.id,
        email,
        codeHash: hashOf(user.id, code),
        expiresAt: new Date(at.getTime() + VERIFICATION_CODE_LIFETIME_MINUTES * 60_000),
      },
      select: { id: true },
    });
    await enqueueMail(tx, {
      idempotencyKey: `email-verification:${row.id}`,
      to: email,
      userId: user.id,
      locale: user.locale,
      kind: "email-verification",
      ...mailFor(code),
    });
  });
}

type Verdict = { refused: "not_found" | "used" | "expired" | "wrong" | "taken" } | { email: string };

const REFUSALS = {
  not_found: "not_found",
  used: "verification_code_used",
  expired: "verification_code_expired",
  wrong: "verification_code_wrong",
  taken: "email_belongs_to_other",
} as const;

/** Checks the code against the person's latest request (locked): the address becomes theirs, or a refusal says why. */
export async function verifyEmail(userId: string, code: string): Promise<string> {
  const at = now();
  let verdict: Verdict;
  try {
    verdict = await getDb().$transaction(async (tx): Promise<Verdict> => {
      const [latest] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM email_verifications WHERE user_id = ${userId}::uuid ORDER BY created_at DESC LIMIT 1 FOR UPDATE`;
      if (!latest) return { refused: "not_found" };
      const row = await tx.emailVerification.findUniqueOrThrow({ where: { id: latest.id } });
      if (row.usedAt) return { refused: "used" };
      if (row.expiresAt.getTime() <= at.getTime() || row.attempts >= VERIFICATION_CODE_TRIES)
        return { refused: "expired" };
      const given = Buffer.from(hashOf(userId, code));
      if (!timingSafeEqual(given, Buffer.from(row.codeHash))) {
        // Counted (and committed) before answering: a sixth try of this code is refused as expired.
        await tx.emailVerification.update({ where: { id: row.id }, data: { attempts: { increment: 1 } } });
        return { refused: "wrong" };
      }
      await tx.emailVerification.update({ where: { id: row.id }, data: { usedAt: at } });
      const holder = await tx.user.findUnique({ where: { verifiedEmail: row.email }, select: { id: true } });
      if (holder && holder.id !== userId) return { refused: "taken" };
      // Told before the change, so the address it replaces (and the one reported by the service) hear of it too.
      await tellOfNewWayIn(tx, { userId, way: "email", changeId: row.id, detail: row.email, alsoTo: [row.email] });
      await tx.user.update({ where: { id: userId }, data: { verifiedEmail: row.email, emailVerifiedAt: at } });
      return { email: row.email };
    });
  } catch (error) {
    // Two people verifying one address at once: the unique index lets one win.
    if ((error as { code?: string } | null)?.code === "P2002") verdict = { refused: "taken" };
    else throw error;
  }
  if ("refused" in verdict) {
    throw new ApiError(
      REFUSALS[verdict.refused],
      verdict.refused === "not_found" ? "Ask for a code first." : undefined,
    );
  }
  await recordLinkingChange(userId, { kind: "account.email_added", email: verdict.email });
  return verdict.email;
}
