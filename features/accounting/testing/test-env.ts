import { inject } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/sandbox/test-support";

export const TEST_CLIENT = {
  client_id: "ledgerlane-test",
  client_secret: "ledgerlane-test-secret",
  name: "Ledgerlane (tests)",
  redirect_uris: ["http://localhost:3999/api/auth/callback/accounting"],
  version: "v3.1" as const,
};

/**
 * An in-process sandbox, and the app's configuration pointed at it (set before
 * serverEnv() is first read). Integration tests of features/accounting use this.
 */
export async function startAccountingTestEnv(): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({ seedClients: [TEST_CLIENT] });
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
    NEXTAUTH_URL: "http://localhost:3999",
    ACCOUNTING_AUTH_URL: sandbox.urls.accounting.auth_url,
    ACCOUNTING_TOKEN_URL: sandbox.urls.accounting.token_url,
    ACCOUNTING_REVOKE_URL: sandbox.urls.accounting.revoke_url,
    ACCOUNTING_BASE_URL: sandbox.urls.accounting.base_url,
    ACCOUNTING_CLIENT_ID: TEST_CLIENT.client_id,
    ACCOUNTING_CLIENT_SECRET: TEST_CLIENT.client_secret,
    PAYROLL_BASE_URL: sandbox.urls.payroll.base_url,
  });
  return sandbox;
}

export function grantClientFor(sandbox: TestSandbox) {
  return {
    authUrl: sandbox.urls.accounting.auth_url,
    tokenUrl: sandbox.urls.accounting.token_url,
    clientId: TEST_CLIENT.client_id,
    clientSecret: TEST_CLIENT.client_secret,
    redirectUri: TEST_CLIENT.redirect_uris[0]!,
  };
}

export const ALICE = { email: "alice.hartley@example.co.uk", password: "sandbox-alice", country: "gb" };
export const DARA = { email: "dara.byrne@example.ie", password: "sandbox-dara", country: "ie" };
