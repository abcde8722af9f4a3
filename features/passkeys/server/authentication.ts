import "server-only";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from "@simplewebauthn/server";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { recordSignInFailure } from "@/features/sign-in/core/server/sign-in-audit";
import { challengeOf, storeChallenge, takeChallenge, type ChallengePurpose } from "./challenges";
import { relyingParty } from "./relying-party";

/**
 * Proving it is you with a passkey: signing in (usernameless — the browser offers the person's
 * discoverable passkeys for this site; the challenge is bound to the browser's nonce cookie) or
 * confirming within a session (the challenge bound to the session, only the person's passkeys).
 */

type AssertionPurpose = Extract<ChallengePurpose, "sign_in" | "confirm">;

/** Options for navigator.credentials.get; `userId` given: only that person's passkeys are allowed. */
export async function authenticationOptions(purpose: AssertionPurpose, binding: string, userId: string | null) {
  const allow = userId
    ? await getDb().passkey.findMany({ where: { userId }, select: { credentialId: true, transports: true } })
    : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "required",
    allowCredentials: allow.map((key) => ({ id: key.credentialId, transports: key.transports as never })),
  });
  await storeChallenge(options.challenge, purpose, binding, userId);
  return options;
}

/**
 * Checks an assertion: the challenge (single use, 5 minutes, this browser or session), the
 * passkey (known; the person's own when confirming; the user handle its owner's), the signature,
 * the origin and relying party, user verification, and the signature counter (an answer whose
 * counter did not grow — a replayed or cloned one — is refused). Refusals on a known passkey are
 * in its owner's trail. Answers whose passkey it was.
 */
export async function verifyAssertion(
  response: AuthenticationResponseJSON,
  purpose: AssertionPurpose,
  binding: string | undefined,
): Promise<{ userId: string; passkeyId: string }> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const db = getDb();
  const passkey = await db.passkey.findUnique({ where: { credentialId: response.id } });
  let taken: { userId: string | null };
  try {
    taken = await takeChallenge(challenge, purpose, binding);
  } catch (error) {
    if (passkey && purpose === "sign_in") await refused(passkey.userId, "replayed");
    throw error;
  }
  if (!passkey || (taken.userId !== null && taken.userId !== passkey.userId)) throw new ApiError("passkey_refused");
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString("utf8") !== passkey.userId)
    throw new ApiError("passkey_refused");
  const rp = relyingParty();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verification?.verified) {
    if (purpose === "sign_in") await refused(passkey.userId, "refused");
    throw new ApiError("passkey_refused");
  }
  // Only a counter that grew is written: two answers racing with one counter cannot both pass.
  const { newCounter } = verification.authenticationInfo;
  const updated = await db.passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: { counter: BigInt(newCounter), lastUsedAt: now() },
  });
  if (updated.count !== 1) {
    if (purpose === "sign_in") await refused(passkey.userId, "replayed");
    throw new ApiError("passkey_refused");
  }
  return { userId: passkey.userId, passkeyId: passkey.id };
}

function refused(userId: string, reason: "refused" | "replayed"): Promise<void> {
  return recordSignInFailure(userId, { method: "passkey", reason, email: "" });
}
