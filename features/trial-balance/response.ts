import { parseCents } from "@/lib/money/decimal";

/**
 * The service's trial balance (`{ from_date, to_date, ledger_accounts: [...] }`) made
 * compact for the page: one tuple of strings per account, amounts as integer cents,
 * so 5,000 accounts travel to the browser in a fraction of the service's bytes.
 */
export type AccountTuple = [
  id: string,
  name: string,
  openingDebit: string,
  openingCredit: string,
  debit: string,
  credit: string,
  closingDebit: string,
  closingCredit: string,
];

export interface CompactTrialBalance {
  from: string;
  to: string;
  accounts: AccountTuple[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const CANONICAL = /^\d+\.\d\d$/;

function cents(value: unknown): string | null {
  if (typeof value === "string") {
    // Most accounts of a large chart are empty: the commonest amount costs one comparison.
    if (value === "0.00") return "0";
    // The service's usual "1234.50": the digits without the point, no arithmetic needed.
    if (CANONICAL.test(value)) {
      const digits = value.slice(0, -3) + value.slice(-2);
      return digits.startsWith("0") ? digits.replace(/^0+(?=\d)/, "") : digits;
    }
  } else if (typeof value !== "number") {
    return null;
  }
  // Numbers are read through their shortest decimal text, never by arithmetic.
  const parsed = parseCents(String(value));
  return parsed === null ? null : parsed.toString();
}

function side(value: unknown): [string, string] | null {
  if (!isRecord(value)) return null;
  const debit = cents(value.debit ?? "0");
  const credit = cents(value.credit ?? "0");
  return debit === null || credit === null ? null : [debit, credit];
}

/** The compact form, or null when the answer is not a trial balance. A hand-written check: zod is slow for 5,000 rows. */
export function compactTrialBalance(body: unknown): CompactTrialBalance | null {
  if (!isRecord(body) || !Array.isArray(body.ledger_accounts)) return null;
  const accounts: AccountTuple[] = [];
  for (const entry of body.ledger_accounts as unknown[]) {
    if (!isRecord(entry) || typeof entry.id !== "string") return null;
    const opening = side(entry.opening_balance);
    const closing = side(entry.closing_balance);
    const debit = cents(entry.debit ?? "0");
    const credit = cents(entry.credit ?? "0");
    if (!opening || !closing || debit === null || credit === null) return null;
    const name = typeof entry.displayed_as === "string" ? entry.displayed_as : entry.id;
    accounts.push([clean(entry.id), clean(name), opening[0], opening[1], debit, credit, closing[0], closing[1]]);
  }
  return {
    from: typeof body.from_date === "string" ? body.from_date : "",
    to: typeof body.to_date === "string" ? body.to_date : "",
    accounts,
  };
}

/** Tabs and line breaks separate the packed form's fields and accounts. */
function clean(text: string): string {
  return /[\t\n\r]/.test(text) ? text.replace(/[\t\n\r]+/g, " ") : text;
}

/** All accounts as one string (fields split by tabs, accounts by line breaks): one value in the page's payload instead of 40,000. */
export function packAccounts(accounts: readonly AccountTuple[]): string {
  return accounts.map((account) => account.join("\t")).join("\n");
}

export function unpackAccounts(packed: string): AccountTuple[] {
  if (packed === "") return [];
  return packed.split("\n").map((line) => line.split("\t") as AccountTuple);
}
