import "server-only";
import { parsePublicKey, parseSigningKey, type PublicKey, type SigningKey } from "@/lib/crypto/signing-key";

/**
 * The installation's audit signing key and the public keys its checkpoints are checked against.
 * Read from the environment alone (with the parsers the env schema validates with, lib/env/schema.ts):
 * `npm run audit:verify` runs with the database and these, not the whole app's configuration.
 */

/** The current key; null when AUDIT_SIGNING_KEY is unset (nothing is signed then). */
export function currentSigningKey(env: NodeJS.ProcessEnv = process.env): SigningKey | null {
  const raw = env.AUDIT_SIGNING_KEY?.trim();
  return raw ? parseSigningKey(raw) : null;
}

/** Every public key a checkpoint may be signed with, by fingerprint: the current one and the rotated-out ones. */
export function trustedPublicKeys(env: NodeJS.ProcessEnv = process.env): Map<string, PublicKey> {
  const keys = new Map<string, PublicKey>();
  const current = currentSigningKey(env);
  if (current) keys.set(current.publicKey.fingerprint, current.publicKey);
  for (const raw of (env.AUDIT_SIGNING_PREVIOUS_PUBLIC_KEYS ?? "").split(",")) {
    if (!raw.trim()) continue;
    const key = parsePublicKey(raw);
    keys.set(key.fingerprint, key);
  }
  return keys;
}
