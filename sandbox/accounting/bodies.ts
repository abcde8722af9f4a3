import { COUNTRY_NAMES, TIER_NAMES, type BusinessRecord, type LedgerAccount, type UserRecord } from "./model";

const CURRENCY_NAMES: Record<string, string> = {
  GBP: "Pound Sterling",
  EUR: "Euro",
  USD: "US Dollar",
  CAD: "Canadian Dollar",
};

function personName(user: Pick<UserRecord, "first_name" | "last_name">): string {
  return `${user.first_name} ${user.last_name}`;
}

/**
 * The business as the sandbox shows it. The spec does not show the real body; this
 * follows the service's v3.1 conventions (id, displayed_as, $path, linked objects).
 */
export function businessBody(business: BusinessRecord, viewer: UserRecord, owner: UserRecord | undefined) {
  return {
    id: business.id,
    displayed_as: business.name,
    $path: `/businesses/${business.id}`,
    name: business.name,
    address_line_1: business.address_line_1,
    address_line_2: business.address_line_2,
    city: business.city,
    region: business.region,
    postal_code: business.postal_code,
    country: {
      id: business.country,
      displayed_as: `${COUNTRY_NAMES[business.country] ?? business.country} (${business.country})`,
      $path: `/countries/${business.country}`,
    },
    telephone: business.telephone,
    mobile: business.mobile,
    website: business.website,
    currency: {
      id: business.currency,
      displayed_as: `${CURRENCY_NAMES[business.currency] ?? business.currency} (${business.currency})`,
      $path: `/currencies/${business.currency}`,
    },
    tier: { id: business.tier, displayed_as: TIER_NAMES[business.tier] },
    owner: { id: business.owner_id, displayed_as: owner ? personName(owner) : "Business owner" },
    is_owner: business.owner_id === viewer.id,
    is_lead: viewer.lead_business_id === business.id,
    is_demo: false,
    created_at: business.created_at,
    updated_at: business.updated_at,
  };
}

/** The user as the sandbox shows it (the real body is not shown in the spec). */
export function userBody(user: UserRecord) {
  return {
    id: user.id,
    displayed_as: personName(user),
    $path: "/user",
    first_name: user.first_name,
    last_name: user.last_name,
    initials: `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase(),
    email: user.email,
    locale: user.locale,
    created_at: user.created_at,
    updated_at: user.updated_at,
  };
}

const ACCOUNT_TYPE_NAMES: Record<LedgerAccount["type"], string> = {
  fixed_asset: "Fixed Assets",
  current_asset: "Current Assets",
  bank: "Bank",
  current_liability: "Current Liabilities",
  equity: "Equity",
  sales: "Sales",
  direct_expense: "Direct Expenses",
  overhead: "Overheads",
};

export function ledgerAccountBody(account: LedgerAccount) {
  return {
    id: account.id,
    displayed_as: `${account.name} (${account.nominal_code})`,
    $path: `/ledger_accounts/${account.id}`,
    nominal_code: account.nominal_code,
    name: account.name,
    ledger_account_type: { id: account.type.toUpperCase(), displayed_as: ACCOUNT_TYPE_NAMES[account.type] },
  };
}
