import "server-only";
import { serverEnv } from "@/lib/env/server";

export interface LegacyConfig {
  authUrl: string;
  naUrl: string;
  euUrl: string;
  gbUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  redirectUri: string;
}

/** The legacy v3 registration, or null when the `LEGACY_*` variables are not all set. */
export function legacyConfig(): LegacyConfig | null {
  const env = serverEnv();
  const {
    LEGACY_AUTH_URL,
    LEGACY_OAUTH_NA_URL,
    LEGACY_OAUTH_EU_URL,
    LEGACY_OAUTH_GB_URL,
    LEGACY_CLIENT_ID,
    LEGACY_CLIENT_SECRET,
  } = env;
  if (
    !LEGACY_AUTH_URL ||
    !LEGACY_OAUTH_NA_URL ||
    !LEGACY_OAUTH_EU_URL ||
    !LEGACY_OAUTH_GB_URL ||
    !LEGACY_CLIENT_ID ||
    !LEGACY_CLIENT_SECRET
  )
    return null;
  return {
    authUrl: LEGACY_AUTH_URL,
    naUrl: LEGACY_OAUTH_NA_URL,
    euUrl: LEGACY_OAUTH_EU_URL,
    gbUrl: LEGACY_OAUTH_GB_URL,
    clientId: LEGACY_CLIENT_ID,
    clientSecret: LEGACY_CLIENT_SECRET,
    timeoutMs: env.ACCOUNTING_TIMEOUT_MS,
    redirectUri: `${env.NEXTAUTH_URL.replace(/\/+$/, "")}/api/auth/callback/accounting-v3`,
  };
}

export class LegacyNotConfiguredError extends Error {
  override name = "LegacyNotConfiguredError";
  constructor() {
    super("The legacy v3 registration is not configured (LEGACY_* variables).");
  }
}

export function requireLegacyConfig(): LegacyConfig {
  const config = legacyConfig();
  if (!config) throw new LegacyNotConfiguredError();
  return config;
}
