import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";

/**
 * The installation's Ed25519 key for the audit trail's checkpoints (docs/adr/0265-audit-checkpoints.md):
 * `AUDIT_SIGNING_KEY` is the private key as base64 of its PKCS #8 DER; a public key travels as
 * base64 of its SPKI DER (or PEM) and is named by its fingerprint, the SHA-256 of that DER in hex.
 * Pure (node:crypto only): the env schema, `npm start` and the verification all read keys here.
 */

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: PublicKey;
}

export interface PublicKey {
  key: KeyObject;
  /** base64 of the SPKI DER. */
  base64: string;
  pem: string;
  /** SHA-256 of the SPKI DER, lowercase hex. */
  fingerprint: string;
}

function publicKeyOf(key: KeyObject): PublicKey {
  const der = key.export({ type: "spki", format: "der" });
  return {
    key,
    base64: der.toString("base64"),
    pem: key.export({ type: "spki", format: "pem" }).toString(),
    fingerprint: createHash("sha256").update(der).digest("hex"),
  };
}

/** A new private key as `AUDIT_SIGNING_KEY` holds it. */
export function generateSigningKey(): string {
  const { privateKey } = generateKeyPairSync("ed25519");
  return privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
}

/** Reads `AUDIT_SIGNING_KEY`; throws a message naming what is wrong (never the key). */
export function parseSigningKey(raw: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: Buffer.from(raw.trim(), "base64"), format: "der", type: "pkcs8" });
  } catch {
    throw new Error(
      "AUDIT_SIGNING_KEY must be an Ed25519 private key, base64 of its PKCS #8 DER (npm start generates one)",
    );
  }
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("AUDIT_SIGNING_KEY must be an Ed25519 key");
  return { privateKey, publicKey: publicKeyOf(createPublicKey(privateKey)) };
}

/** Reads a public key given as base64 SPKI DER or as PEM. */
export function parsePublicKey(raw: string): PublicKey {
  const text = raw.trim();
  let key: KeyObject;
  try {
    key = text.startsWith("-----")
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text, "base64"), format: "der", type: "spki" });
  } catch {
    throw new Error("a previous audit signing key must be an Ed25519 public key, base64 of its SPKI DER or PEM");
  }
  if (key.asymmetricKeyType !== "ed25519") throw new Error("a previous audit signing key must be an Ed25519 key");
  return publicKeyOf(key);
}

/** Ed25519 signature of the UTF-8 text, base64. */
export function signText(key: SigningKey, text: string): string {
  return sign(null, Buffer.from(text, "utf8"), key.privateKey).toString("base64");
}

export function verifyText(key: PublicKey, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text, "utf8"), key.key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
