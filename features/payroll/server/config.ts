import "server-only";
import { serverEnv } from "@/lib/env/server";
import { parseAuthHeader, type PayrollAuthHeader } from "./payroll-service";

/**
 * The payroll service's address and how it takes the API key. The spec does not show the header
 * form, so it is configured: PAYROLL_AUTH_HEADER is `Name: template` with `{api_key}` where the key
 * goes, by default `Authorization: Bearer {api_key}` (what the sandbox takes); e.g.
 * `X-Api-Key: {api_key}` for a service that wants a key header. A person may connect to
 * PAYROLL_BASE_URL or one of PAYROLL_EXTRA_BASE_URLS, never to an address of their choosing
 * (the server would otherwise call any host for them).
 */
export interface PayrollConfig {
  defaultBaseUrl: string;
  allowedBaseUrls: string[];
  authHeader: PayrollAuthHeader;
  timeoutMs: number;
}

export function normaliseBaseUrl(url: string): string {
  return url.trim().replace(/\/+$/, "");
}

export function payrollConfig(): PayrollConfig {
  const env = serverEnv();
  const defaultBaseUrl = normaliseBaseUrl(env.PAYROLL_BASE_URL);
  return {
    defaultBaseUrl,
    allowedBaseUrls: [defaultBaseUrl, ...env.PAYROLL_EXTRA_BASE_URLS.map(normaliseBaseUrl)],
    authHeader: parseAuthHeader(env.PAYROLL_AUTH_HEADER),
    timeoutMs: env.PAYROLL_TIMEOUT_MS,
  };
}
