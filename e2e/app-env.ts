import { randomBytes } from "node:crypto";
import { control, SANDBOX_URL } from "./helpers";
import { generateSigningKey } from "../lib/crypto/signing-key";

/**
 * The configuration of a spec's own app processes at `urls` on `databaseUrl`: fresh secrets, the
 * sandbox's services, and a client registered at the sandbox (as `name`) for those addresses.
 */
export async function ownAppEnv(name: string, urls: string[], databaseUrl: string): Promise<Record<string, string>> {
  const discovery = (await (await fetch(`${SANDBOX_URL}/.well-known/sandbox.json`)).json()) as {
    accounting: Record<string, string>;
    payroll: { base_url: string };
  };
  const client = await control<{ client_id: string; client_secret: string }>("POST", "/clients", {
    name,
    redirect_uris: urls.map((url) => `${url}/api/auth/callback/accounting`),
    version: "v3.1",
  });
  return {
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    TOKEN_ENCRYPTION_KEYS: `e2e:${randomBytes(32).toString("base64")}`,
    AUDIT_SIGNING_KEY: generateSigningKey(),
    ACCOUNTING_AUTH_URL: discovery.accounting.auth_url!,
    ACCOUNTING_TOKEN_URL: discovery.accounting.token_url!,
    ACCOUNTING_REVOKE_URL: discovery.accounting.revoke_url!,
    ACCOUNTING_BASE_URL: discovery.accounting.base_url!,
    ACCOUNTING_CLIENT_ID: client.client_id,
    ACCOUNTING_CLIENT_SECRET: client.client_secret,
    PAYROLL_BASE_URL: discovery.payroll.base_url,
  };
}
