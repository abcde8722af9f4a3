import { createHash, timingSafeEqual } from "node:crypto";
import type { ChallengeMethod } from "./tokens";

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

export type ChallengeCheck =
  { ok: true; challenge?: { value: string; method: ChallengeMethod } } | { ok: false; description: string };

/** Validates the PKCE parameters of an authorization request (RFC 7636 4.2, 4.3 and the spec's errors). */
export function checkChallenge(challenge: string | null, method: string | null): ChallengeCheck {
  if (challenge === null) {
    return method === null
      ? { ok: true }
      : { ok: false, description: "code_challenge_method given without code_challenge" };
  }
  if (challenge.length < 43 || challenge.length > 128) {
    return { ok: false, description: "code_challenge must be 43 to 128 characters long" };
  }
  if (method === null) {
    // The spec: without a method the challenge must base64url-decode; a length of 4n+1 never does.
    if (!BASE64URL.test(challenge) || challenge.length % 4 === 1) {
      return { ok: false, description: "incomplete challenge: code_challenge cannot be base64url-decoded" };
    }
    return { ok: true, challenge: { value: challenge, method: "plain" } };
  }
  if (method === "S256") {
    if (challenge.length !== 43 || !BASE64URL.test(challenge) || Buffer.from(challenge, "base64url").length !== 32) {
      return { ok: false, description: "Base64 decoding error: code_challenge is not a base64url SHA-256 hash" };
    }
    return { ok: true, challenge: { value: challenge, method } };
  }
  if (method === "plain") {
    if (!UNRESERVED.test(challenge)) {
      return { ok: false, description: "code_challenge contains characters outside the RFC 7636 alphabet" };
    }
    return { ok: true, challenge: { value: challenge, method } };
  }
  return { ok: false, description: "code_challenge_method must be S256 or plain" };
}

export function isWellFormedVerifier(verifier: string): boolean {
  return verifier.length >= 43 && verifier.length <= 128 && UNRESERVED.test(verifier);
}

/** RFC 7636 4.6: compares the transformed verifier with the stored challenge. */
export function verifierMatches(verifier: string, challenge: { value: string; method: ChallengeMethod }): boolean {
  const computed =
    challenge.method === "S256" ? createHash("sha256").update(verifier, "ascii").digest("base64url") : verifier;
  const a = Buffer.from(computed);
  const b = Buffer.from(challenge.value);
  return a.length === b.length && timingSafeEqual(a, b);
}
