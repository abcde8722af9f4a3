import { createSecretKey, type KeyObject } from "node:crypto";

export interface EncryptionKey {
  id: string;
  key: KeyObject;
}

/** The newest key encrypts; every key decrypts. */
export interface KeyRing {
  current: EncryptionKey;
  byId: ReadonlyMap<string, EncryptionKey>;
}

const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Parses `TOKEN_ENCRYPTION_KEYS`: comma-separated `id:base64key` entries, newest
 * first. Each key is 32 random bytes (AES-256), base64 or base64url encoded.
 */
export function parseEncryptionKeys(raw: string): KeyRing {
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("TOKEN_ENCRYPTION_KEYS is empty: give at least one id:base64key entry");
  const keys = entries.map((entry) => {
    const separator = entry.indexOf(":");
    const id = entry.slice(0, separator);
    if (separator < 1 || !KEY_ID.test(id)) {
      throw new Error(
        `TOKEN_ENCRYPTION_KEYS: "${entry.slice(0, 8)}…" is not of the form id:base64key (id: letters, digits, _ or -)`,
      );
    }
    const bytes = Buffer.from(entry.slice(separator + 1), "base64");
    if (bytes.length !== KEY_BYTES) {
      throw new Error(
        `TOKEN_ENCRYPTION_KEYS: key "${id}" is ${bytes.length} bytes; AES-256-GCM needs exactly ${KEY_BYTES} (generate one with: openssl rand -base64 32)`,
      );
    }
    return { id, key: createSecretKey(bytes) };
  });
  const byId = new Map<string, EncryptionKey>();
  for (const key of keys) {
    if (byId.has(key.id)) throw new Error(`TOKEN_ENCRYPTION_KEYS: key id "${key.id}" is listed twice`);
    byId.set(key.id, key);
  }
  return { current: keys[0]!, byId };
}
