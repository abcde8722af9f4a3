import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { KeyRing } from "./key-ring";

// AES-256-GCM with a fresh random 96-bit IV per value. A stored value reads
//   v1.<key id>.<iv>.<tag>.<ciphertext>        (base64url parts)
// The version, key id and the owning row's identity are authenticated as
// associated data, so a ciphertext fails to open anywhere but where it was made.

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Where a secret lives; bound into its ciphertext. */
export interface SecretContext {
  table: string;
  rowId: string;
  column: string;
}

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`Cannot decrypt secret: ${reason}`);
    this.name = "SecretDecryptionError";
  }
}

function associatedData(keyId: string, context: SecretContext): Buffer {
  return Buffer.from(`${VERSION}\u0000${keyId}\u0000${context.table}\u0000${context.rowId}\u0000${context.column}`);
}

export function encryptSecret(plaintext: string, context: SecretContext, ring: KeyRing): string {
  const { id, key } = ring.current;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(id, context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    VERSION,
    id,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ciphertext.toString("base64url"),
  ].join(".");
}

export function decryptSecret(stored: string, context: SecretContext, ring: KeyRing): string {
  const parts = stored.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretDecryptionError("unknown format");
  const [, keyId, ivPart, tagPart, dataPart] = parts as [string, string, string, string, string];
  const entry = ring.byId.get(keyId);
  if (!entry) throw new SecretDecryptionError(`no configured key has id "${keyId}"`);
  const iv = Buffer.from(ivPart, "base64url");
  const tag = Buffer.from(tagPart, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError("malformed IV or tag");
  const decipher = createDecipheriv("aes-256-gcm", entry.key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(keyId, context));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(Buffer.from(dataPart, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError("authentication failed (tampered, moved to another row, or wrong key)");
  }
}

/** The id of the key a stored value was encrypted with. */
export function keyIdOf(stored: string): string | undefined {
  const parts = stored.split(".");
  return parts.length === 5 && parts[0] === VERSION ? parts[1] : undefined;
}
