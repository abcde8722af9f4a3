import { z } from "zod";

// Shapes of the accounting service's answers. Only what the app reads is
// required; the rest passes through (the spec leaves most bodies unshown).

const link = z.looseObject({ id: z.string(), displayed_as: z.string().optional() });

export const businessSchema = z.looseObject({
  id: z.string().min(1),
  displayed_as: z.string().optional(),
  name: z.string().optional(),
  address_line_1: z.string().nullish(),
  address_line_2: z.string().nullish(),
  city: z.string().nullish(),
  region: z.string().nullish(),
  postal_code: z.string().nullish(),
  mobile: z.string().nullish(),
  telephone: z.string().nullish(),
  website: z.string().nullish(),
  country: link.nullish(),
  currency: link.nullish(),
  tier: link.nullish(),
  owner: link.nullish(),
  is_owner: z.boolean().optional(),
  is_lead: z.boolean().optional(),
});
export type Business = z.infer<typeof businessSchema>;

export const userSchema = z.looseObject({
  id: z.string().min(1),
  displayed_as: z.string().optional(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  locale: z.string().nullish(),
});
export type AccountingUser = z.infer<typeof userSchema>;

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    $items: z.array(item),
    $next: z.string().nullish(),
    $total: z.number().optional(),
  });
}

/** A ledger account as the trial balance groups it (`GET /ledger_accounts?attributes=name,nominal_code,ledger_account_type`). */
export const ledgerAccountSchema = z.looseObject({
  id: z.string().min(1),
  displayed_as: z.string().nullish(),
  name: z.string().nullish(),
  nominal_code: z.string().nullish(),
  ledger_account_type: link.nullish(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

export const ledgerAccountPageSchema = listPageSchema(ledgerAccountSchema);
export type LedgerAccountPage = z.infer<typeof ledgerAccountPageSchema>;

/** The service's error body: an array of `{ $severity, $dataCode, $message, $source }`. */
export const apiErrorBodySchema = z.array(
  z.looseObject({ $dataCode: z.string().optional(), $message: z.string().optional(), $source: z.string().nullish() }),
);

/** RFC 6749 section 5.2. */
export const oauthErrorBodySchema = z.looseObject({ error: z.string(), error_description: z.string().optional() });

/** The token endpoint's answer (spec section 2), including its non-standard fields. */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1).max(4096),
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).max(4096),
  refresh_token_expires_in: z.coerce.number().int().positive().optional(),
  scopes: z.string().optional(),
  scope: z.string().optional(),
  requested_by_id: z.string().optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const SCOPES = ["full_access", "readonly"] as const;
export type Scope = (typeof SCOPES)[number];

/** Countries the service's authorization page takes as `country` (spec section 4). */
export const COUNTRIES = ["ca", "de", "es", "fr", "gb", "ie", "us"] as const;
export type Country = (typeof COUNTRIES)[number];

export function parseCountry(value: string | null | undefined): Country | undefined {
  const lower = value?.toLowerCase();
  return (COUNTRIES as readonly string[]).includes(lower ?? "") ? (lower as Country) : undefined;
}

export function parseScope(value: string | null | undefined): Scope | undefined {
  return (SCOPES as readonly string[]).includes(value ?? "") ? (value as Scope) : undefined;
}
