/**
 * A ledger account's details as the account panel shows them, read from the accounting
 * service's ledger account (`GET /ledger_accounts/{id}`, or an entry of `/ledger_accounts`):
 * `{ id, displayed_as, $path, nominal_code, name, ledger_account_type: { id, displayed_as } }`.
 */
export interface LedgerAccountDetails {
  id: string;
  name: string;
  /** The service's own label, "Bank Current Account (1200)"; absent in the pack's LedgerAccountInfo, which fits this type too. */
  displayedAs?: string | null;
  nominalCode: string | null;
  /** The type's id (`BANK`, `CURRENT_ASSET`, …), named in the person's language by the panel. */
  typeId: string | null;
  /** The service's English name of the type, shown when the id is one the app does not know. */
  typeName: string | null;
}

/** The ledger account types the app names in English and German (trialBalanceCharts.types). */
export const KNOWN_TYPES = [
  "FIXED_ASSET",
  "CURRENT_ASSET",
  "BANK",
  "CURRENT_LIABILITY",
  "LONG_TERM_LIABILITY",
  "EQUITY",
  "SALES",
  "OTHER_INCOME",
  "DIRECT_EXPENSE",
  "OVERHEAD",
  "DEPRECIATION",
] as const;
export type KnownType = (typeof KNOWN_TYPES)[number];

function isKnown(id: string): id is KnownType {
  return (KNOWN_TYPES as readonly string[]).includes(id);
}

/**
 * The known type of a service's type id, whatever its spelling: `current assets`, `CURRENT_ASSETS`
 * and `CURRENT_ASSET` are one type. null for a type the app has no name for.
 */
export function knownType(id: string | null | undefined): KnownType | null {
  if (!id) return null;
  const key = id
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, "_");
  if (isKnown(key)) return key;
  const singular = key.replace(/S$/, "");
  return isKnown(singular) ? singular : null;
}

function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value;
  return typeof value === "number" ? String(value) : null;
}

/** The details of a service answer; null when it is not a ledger account (no id or no name). */
export function ledgerAccountDetails(body: unknown): LedgerAccountDetails | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const id = text(record.id);
  const name = text(record.name) ?? text(record.displayed_as);
  if (!id || !name) return null;
  const type =
    typeof record.ledger_account_type === "object" && record.ledger_account_type !== null
      ? (record.ledger_account_type as Record<string, unknown>)
      : {};
  return {
    id,
    name,
    displayedAs: text(record.displayed_as),
    nominalCode: text(record.nominal_code),
    typeId: text(type.id)?.toUpperCase() ?? null,
    typeName: text(type.displayed_as),
  };
}
