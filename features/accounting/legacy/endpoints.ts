import { parseCountry } from "../schemas";

/** The host group of each country (spec: "Legacy v3 token endpoints (per country)"). */
export type LegacyRegion = "na" | "eu" | "gb";

const REGION_OF: Record<string, LegacyRegion> = {
  ca: "na",
  us: "na",
  de: "eu",
  es: "eu",
  fr: "eu",
  gb: "gb",
  ie: "gb",
};

export interface LegacyHosts {
  naUrl: string;
  euUrl: string;
  gbUrl: string;
}

export class UnknownLegacyCountryError extends Error {
  override name = "UnknownLegacyCountryError";
  constructor(country: string | null | undefined) {
    super(`No legacy token endpoint for country ${JSON.stringify(country ?? null)}.`);
  }
}

/** The region of a callback's `country` (upper or lower case). */
export function legacyRegion(country: string | null | undefined): LegacyRegion {
  const parsed = parseCountry(country);
  const region = parsed ? REGION_OF[parsed] : undefined;
  if (!region) throw new UnknownLegacyCountryError(country);
  return region;
}

/** Token and revoke endpoints of the country's host: GB and IE have an extra `/oauth2` path part. */
export function legacyEndpoints(
  hosts: LegacyHosts,
  country: string | null | undefined,
): { region: LegacyRegion; tokenUrl: string; revokeUrl: string } {
  const region = legacyRegion(country);
  const trim = (url: string) => url.replace(/\/+$/, "");
  if (region === "gb")
    return { region, tokenUrl: `${trim(hosts.gbUrl)}/oauth2/token`, revokeUrl: `${trim(hosts.gbUrl)}/oauth2/revoke` };
  const host = trim(region === "na" ? hosts.naUrl : hosts.euUrl);
  return { region, tokenUrl: `${host}/token`, revokeUrl: `${host}/revoke` };
}
