import "server-only";
import { currentSigningKey, trustedPublicKeys } from "@/lib/audit/chain/server/keys";

export interface SigningKeyInfo {
  /** SHA-256 of the public key's SPKI DER, hex: what each checkpoint names. */
  fingerprint: string;
  pem: string;
  /** base64 of the SPKI DER (what AUDIT_SIGNING_PREVIOUS_PUBLIC_KEYS takes after a rotation). */
  base64: string;
  /** Fingerprints of the earlier keys whose checkpoints still verify. */
  previous: string[];
}

/** The installation's current public key for the trail's checkpoints (for /settings/records); null without AUDIT_SIGNING_KEY. */
export function auditSigningKeyInfo(): SigningKeyInfo | null {
  const key = currentSigningKey();
  if (!key) return null;
  const { fingerprint, pem, base64 } = key.publicKey;
  const previous = [...trustedPublicKeys().keys()].filter((known) => known !== fingerprint);
  return { fingerprint, pem, base64, previous };
}
