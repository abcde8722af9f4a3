import "server-only";
import { createHash } from "node:crypto";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { PASSKEY_CHALLENGE_MINUTES } from "../schemas";

/**
 * WebAuthn challenges, kept on the server: each is used once, lasts 5 minutes on the app's clock
 * (lib/clock), and is bound to what asked for it — a registration or confirmation to the session,
 * a sign-in to the browser's nonce cookie (the one e-mail links use). Only its hash of the binding
 * is kept.
 */
export type ChallengePurpose = "register" | "sign_in" | "confirm";

const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");

export async function storeChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  binding: string,
  userId: string | null,
): Promise<void> {
  const at = now();
  await getDb().passkeyChallenge.create({
    data: {
      challenge,
      purpose,
      userId,
      browserHash: sha256(binding),
      createdAt: at,
      expiresAt: new Date(at.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
    },
  });
}

/** The challenge the client's answer names (clientDataJSON), read without trusting it. */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    if (typeof data.challenge === "string" && data.challenge.length <= 200) return data.challenge;
  } catch {
    // falls through: refused below
  }
  throw new ApiError("passkey_challenge_invalid");
}

/**
 * Takes a challenge: marks it used in the same statement that finds it (a second use finds
 * nothing), so two answers to one challenge never both pass. Unknown, used, another purpose,
 * another browser or session: `passkey_challenge_invalid`; past its 5 minutes: `passkey_challenge_expired`.
 */
export async function takeChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  binding: string | undefined,
): Promise<{ userId: string | null }> {
  if (!binding) throw new ApiError("passkey_challenge_invalid");
  const at = now();
  const taken = await getDb().passkeyChallenge.updateManyAndReturn({
    where: { challenge, purpose, browserHash: sha256(binding), usedAt: null },
    data: { usedAt: at },
    select: { userId: true, expiresAt: true },
  });
  const row = taken[0];
  if (!row) throw new ApiError("passkey_challenge_invalid");
  if (row.expiresAt.getTime() <= at.getTime()) throw new ApiError("passkey_challenge_expired");
  return { userId: row.userId };
}

/** Deletes the challenges that expired before `before` (features/sign-in/server/sweep.ts runs it on a schedule); answers how many. */
export async function deleteExpiredChallenges(before: Date): Promise<number> {
  return (await getDb().passkeyChallenge.deleteMany({ where: { expiresAt: { lt: before } } })).count;
}
