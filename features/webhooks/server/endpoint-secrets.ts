import "server-only";
import { openSecret, sealSecret } from "@/lib/server/secrets";

/**
 * An endpoint's signing secrets at rest: encrypted like every secret (lib/crypto), bound to the
 * endpoint's row and column (lib/crypto/secret-fields.ts lists both columns for re-encryption).
 */
const TABLE = "webhook_endpoints";
type Column = "secret_encrypted" | "previous_secret_encrypted";

/** After a rotation the previous secret keeps signing beside the new one for this long. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

export function sealEndpointSecret(endpointId: string, column: Column, secret: string): string {
  return sealSecret(secret, { table: TABLE, rowId: endpointId, column });
}

export function openEndpointSecret(endpointId: string, column: Column, stored: string): string {
  return openSecret(stored, { table: TABLE, rowId: endpointId, column });
}

interface StoredSecrets {
  id: string;
  secretEncrypted: string;
  previousSecretEncrypted: string | null;
  previousSecretExpiresAt: Date | null;
}

/** The secrets a delivery is signed with at `at`: the current one, and the previous one while it lasts. */
export function secretsInForce(endpoint: StoredSecrets, at: Date): string[] {
  const secrets = [openEndpointSecret(endpoint.id, "secret_encrypted", endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > at)
    secrets.push(openEndpointSecret(endpoint.id, "previous_secret_encrypted", endpoint.previousSecretEncrypted));
  return secrets;
}
