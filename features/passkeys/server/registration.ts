import "server-only";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { challengeOf, storeChallenge, takeChallenge } from "./challenges";
import { recordPasskeyChange } from "./passkey-audit";
import { tellOfNewWayIn } from "@/features/sign-in/core/server/way-in-notice";
import { relyingParty } from "./relying-party";

/**
 * Adding a passkey for the signed-in person (however they signed in: the accounting service, an
 * e-mail link or another passkey). The passkey belongs to this person only: it signs in as them,
 * and never links them to another person here (docs/features/passkeys.md).
 */

interface Person {
  id: string;
  sessionId: string;
  displayName: string | null;
  email: string | null;
  verifiedEmail: string | null;
}

/** Options for navigator.credentials.create: a discoverable credential, not one the person already has. */
export async function registrationOptions(person: Person) {
  const rp = relyingParty();
  const existing = await getDb().passkey.findMany({
    where: { userId: person.id },
    select: { credentialId: true, transports: true },
  });
  const label = person.verifiedEmail ?? person.email ?? person.displayName ?? "Ledgerlane";
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: label,
    userDisplayName: person.displayName ?? label,
    userID: new TextEncoder().encode(person.id),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(options.challenge, "register", person.sessionId, person.id);
  return options;
}

/** Checks the authenticator's answer against the stored challenge of this session and keeps the passkey. */
export async function addPasskey(person: Person, response: RegistrationResponseJSON, name: string) {
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await takeChallenge(challenge, "register", person.sessionId);
  if (taken.userId !== person.id) throw new ApiError("passkey_challenge_invalid");
  const rp = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified)
    throw new ApiError("passkey_refused", "The passkey could not be verified. Nothing was added.");
  const { credential } = verification.registrationInfo;
  const db = getDb();
  if (await db.passkey.findUnique({ where: { credentialId: credential.id }, select: { id: true } })) {
    throw new ApiError("conflict", "This passkey is already added.");
  }
  // The passkey and the person's notice of it (every address, else in the app) in one transaction.
  const passkey = await db.$transaction(async (tx) => {
    const added = await tx.passkey.create({
      data: {
        userId: person.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        name,
        createdAt: now(),
      },
      select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    });
    await tellOfNewWayIn(tx, { userId: person.id, way: "passkey", changeId: added.id, detail: name || "Passkey" });
    return added;
  });
  await recordPasskeyChange(person.id, { kind: "passkey.added", passkeyId: passkey.id, name });
  return passkey;
}
