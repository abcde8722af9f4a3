import "server-only";
import { serverEnv } from "@/lib/env/server";

export interface AccountingConfig {
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  redirectUri: string;
}

/** The accounting service's addresses and this app's registration, from configuration. */
export function accountingConfig(): AccountingConfig {
  const env = serverEnv();
  return {
    authUrl: env.ACCOUNTING_AUTH_URL,
    tokenUrl: env.ACCOUNTING_TOKEN_URL,
    revokeUrl: env.ACCOUNTING_REVOKE_URL,
    baseUrl: env.ACCOUNTING_BASE_URL.replace(/\/+$/, ""),
    clientId: env.ACCOUNTING_CLIENT_ID,
    clientSecret: env.ACCOUNTING_CLIENT_SECRET,
    timeoutMs: env.ACCOUNTING_TIMEOUT_MS,
    redirectUri: `${env.NEXTAUTH_URL.replace(/\/+$/, "")}/api/auth/callback/accounting`,
  };
}
