import { generateSigningKey } from "@/lib/crypto/signing-key";

/**
 * The configuration the chain's tests and their writer processes run with: the database, a signing
 * key, and placeholders for the services they never call (serverEnv() validates them all).
 */
export function chainTestEnv(databaseUrl: string, signingKey = generateSigningKey()): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    NEXTAUTH_URL: "http://localhost:3999",
    NEXTAUTH_SECRET: "chain-test-secret-chain-test-secret-0123",
    TOKEN_ENCRYPTION_KEYS: `test:${Buffer.alloc(32, 7).toString("base64")}`,
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "chain-test",
    ACCOUNTING_CLIENT_SECRET: "chain-test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
    AUDIT_SIGNING_KEY: signingKey,
  };
}
