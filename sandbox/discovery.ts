import { ACCOUNTING_PREFIX, API_PATH, LEGACY_PREFIX } from "./accounting";

export const CONTROL_PREFIX = "/control";
export const PAYROLL_PREFIX = "/payroll";
export const DISCOVERY_PATH = "/.well-known/sandbox.json";

/** The discovery document of CONTRACT.md; every value absolute. */
export function discoveryDocument(origin: string) {
  return {
    accounting: {
      auth_url: `${origin}${ACCOUNTING_PREFIX}/authorize`,
      token_url: `${origin}${ACCOUNTING_PREFIX}/oauth/token`,
      revoke_url: `${origin}${ACCOUNTING_PREFIX}/oauth/revoke`,
      base_url: `${origin}${ACCOUNTING_PREFIX}${API_PATH}`,
    },
    legacy: {
      auth_url: `${origin}${LEGACY_PREFIX}/authorize`,
      oauth_na_url: `${origin}${LEGACY_PREFIX}/na`,
      oauth_eu_url: `${origin}${LEGACY_PREFIX}/eu`,
      oauth_gb_url: `${origin}${LEGACY_PREFIX}/gb`,
    },
    payroll: { base_url: `${origin}${PAYROLL_PREFIX}` },
    control_url: `${origin}${CONTROL_PREFIX}`,
  };
}

export type DiscoveryDocument = ReturnType<typeof discoveryDocument>;
