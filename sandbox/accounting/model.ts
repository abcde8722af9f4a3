/** The seven countries the accounting service's API serves (v3.1 and legacy v3). */
export const API_COUNTRIES = ["CA", "DE", "ES", "FR", "GB", "IE", "US"] as const;
export type ApiCountry = (typeof API_COUNTRIES)[number];

export const COUNTRY_NAMES: Record<string, string> = {
  AU: "Australia",
  BE: "Belgium",
  CA: "Canada",
  CH: "Switzerland",
  DE: "Germany",
  ES: "Spain",
  FR: "France",
  GB: "United Kingdom",
  IE: "Ireland",
  PT: "Portugal",
  US: "United States",
  ZA: "South Africa",
};

/** Countries the service has a product in but whose API is not offered (shown without a filter). */
export const OTHER_COUNTRIES = ["AU", "BE", "CH", "PT", "ZA"] as const;

export function isApiCountry(value: string): value is ApiCountry {
  return (API_COUNTRIES as readonly string[]).includes(value);
}

/** Legacy v3 token hosts by country (spec section 4). */
export type LegacyRegion = "na" | "eu" | "gb";
export const LEGACY_REGION: Record<ApiCountry, LegacyRegion> = {
  CA: "na",
  US: "na",
  DE: "eu",
  ES: "eu",
  FR: "eu",
  GB: "gb",
  IE: "gb",
};

/** start: entry tier; standard: the middle tier (GB and IE only); plus: top tier. */
export type Tier = "start" | "standard" | "plus";
export const TIER_NAMES: Record<Tier, string> = {
  start: "Accounting Start",
  standard: "Accounting Standard",
  plus: "Accounting Plus",
};

export type Scope = "readonly" | "full_access";

export interface BusinessRecord {
  id: string;
  name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  region: string;
  postal_code: string;
  country: ApiCountry;
  telephone: string;
  mobile: string;
  website: string;
  tier: Tier;
  currency: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface UserRecord {
  id: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  locale: string;
  lead_business_id: string;
  /** Every business the user reaches, lead included. */
  business_ids: string[];
  created_at: string;
  updated_at: string;
}

export type LedgerAccountType =
  "fixed_asset" | "current_asset" | "bank" | "current_liability" | "equity" | "sales" | "direct_expense" | "overhead";

export interface LedgerAccount {
  id: string;
  nominal_code: string;
  name: string;
  type: LedgerAccountType;
}

/** One journal line; `day` is days since 1970-01-01 (UTC), amounts are integer cents. */
export interface JournalLine {
  day: number;
  account: number;
  debit: number;
  credit: number;
}

export interface LedgerFixture {
  accounts: LedgerAccount[];
  lines: JournalLine[];
}
