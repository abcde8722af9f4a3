import "server-only";
import { serverEnv } from "@/lib/env/server";
import { decryptSecret, encryptSecret, type SecretContext } from "@/lib/crypto/secret-box";

/** Encrypts a secret for the row and column it will be stored in, under the newest key. */
export function sealSecret(plaintext: string, context: SecretContext): string {
  return encryptSecret(plaintext, context, serverEnv().TOKEN_ENCRYPTION_KEYS);
}

/** Opens a stored secret; throws SecretDecryptionError when it was not made for this row and column. */
export function openSecret(stored: string, context: SecretContext): string {
  return decryptSecret(stored, context, serverEnv().TOKEN_ENCRYPTION_KEYS);
}
