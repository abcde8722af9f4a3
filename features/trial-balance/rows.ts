import { percentHundredths } from "@/lib/money/decimal";
import type { Basis } from "./query";
import type { AccountTuple } from "./response";

/** The six amounts of a trial balance line, in this order, as integer cents. */
export const AMOUNT_COLUMNS = [
  "openingDebit",
  "openingCredit",
  "debit",
  "credit",
  "closingDebit",
  "closingCredit",
] as const;
export type AmountColumn = (typeof AMOUNT_COLUMNS)[number];
export type Amounts = readonly [bigint, bigint, bigint, bigint, bigint, bigint];

export const ZERO_AMOUNTS: Amounts = [0n, 0n, 0n, 0n, 0n, 0n];

export interface Comparison {
  /** The previous range's debit and credit of the compared basis. */
  debit: bigint;
  credit: bigint;
  /** (current debit − credit) − (previous debit − credit). */
  variance: bigint;
  /** variance / |previous net| in hundredths of a percent; null when the previous net is zero. */
  percent: bigint | null;
}

export interface TrialBalanceRow {
  id: string;
  name: string;
  amounts: Amounts;
  comparison: Comparison | null;
}

/** Cents text to BigInt; most amounts of a large chart are zero and skip the parse. */
function cents(text: string): bigint {
  return text === "0" ? 0n : BigInt(text);
}

function amountsOf(tuple: AccountTuple): Amounts {
  return [cents(tuple[2]), cents(tuple[3]), cents(tuple[4]), cents(tuple[5]), cents(tuple[6]), cents(tuple[7])];
}

/** Debit and credit of the compared basis: the closing balance or the period's movement. */
export function basisSides(amounts: Amounts, basis: Basis): [bigint, bigint] {
  return basis === "closing" ? [amounts[4], amounts[5]] : [amounts[2], amounts[3]];
}

export function compare(current: Amounts, previous: Amounts, basis: Basis): Comparison {
  const [debit, credit] = basisSides(current, basis);
  const [previousDebit, previousCredit] = basisSides(previous, basis);
  const previousNet = previousDebit - previousCredit;
  const variance = debit - credit - previousNet;
  return { debit: previousDebit, credit: previousCredit, variance, percent: percentHundredths(variance, previousNet) };
}

/**
 * The table's rows in the service's order. With a previous period, accounts are
 * matched by id; an account only the previous period has is kept, with zero now.
 */
export function buildRows(
  current: readonly AccountTuple[],
  previous: readonly AccountTuple[] | null,
  basis: Basis,
): TrialBalanceRow[] {
  const earlier = previous ? new Map(previous.map((tuple) => [tuple[0], tuple])) : null;
  const rows: TrialBalanceRow[] = current.map((tuple) => {
    const amounts = amountsOf(tuple);
    const match = earlier?.get(tuple[0]);
    if (earlier) earlier.delete(tuple[0]);
    const comparison = earlier ? compare(amounts, match ? amountsOf(match) : ZERO_AMOUNTS, basis) : null;
    return { id: tuple[0], name: tuple[1], amounts, comparison };
  });
  for (const tuple of earlier?.values() ?? []) {
    rows.push({
      id: tuple[0],
      name: tuple[1],
      amounts: ZERO_AMOUNTS,
      comparison: compare(ZERO_AMOUNTS, amountsOf(tuple), basis),
    });
  }
  return rows;
}

export interface Totals {
  amounts: Amounts;
  comparison: Comparison | null;
}

/** Column sums of the given rows; exact (BigInt cents). */
export function totalsOf(rows: readonly TrialBalanceRow[], comparing: boolean): Totals {
  const sums = [0n, 0n, 0n, 0n, 0n, 0n];
  let previousDebit = 0n;
  let previousCredit = 0n;
  let variance = 0n;
  for (const row of rows) {
    for (let column = 0; column < 6; column += 1) if (row.amounts[column] !== 0n) sums[column]! += row.amounts[column]!;
    if (row.comparison) {
      previousDebit += row.comparison.debit;
      previousCredit += row.comparison.credit;
      variance += row.comparison.variance;
    }
  }
  const amounts = sums as unknown as Amounts;
  const comparison = comparing
    ? {
        debit: previousDebit,
        credit: previousCredit,
        variance,
        percent: percentHundredths(variance, previousDebit - previousCredit),
      }
    : null;
  return { amounts, comparison };
}

export interface BalanceLine {
  part: "opening" | "period" | "closing";
  debit: bigint;
  credit: bigint;
  /** debit − credit; zero when the part balances. */
  difference: bigint;
}

/** Debits against credits for the opening balances, the period and the closing balances. */
export function balanceCheck(totals: Totals): BalanceLine[] {
  const [openingDebit, openingCredit, debit, credit, closingDebit, closingCredit] = totals.amounts;
  return [
    { part: "opening", debit: openingDebit, credit: openingCredit, difference: openingDebit - openingCredit },
    { part: "period", debit, credit, difference: debit - credit },
    { part: "closing", debit: closingDebit, credit: closingCredit, difference: closingDebit - closingCredit },
  ];
}

export type SortKey =
  "service" | "account" | AmountColumn | "previousDebit" | "previousCredit" | "variance" | "percent";
export interface Sort {
  key: SortKey;
  direction: "asc" | "desc";
}

export interface ViewOptions {
  filter: string;
  hideEmpty: boolean;
  sort: Sort;
}

function isEmpty(row: TrialBalanceRow): boolean {
  if (row.amounts.some((amount) => amount !== 0n)) return false;
  return !row.comparison || (row.comparison.debit === 0n && row.comparison.credit === 0n);
}

function sortValue(row: TrialBalanceRow, key: SortKey): bigint | null {
  const index = AMOUNT_COLUMNS.indexOf(key as AmountColumn);
  if (index >= 0) return row.amounts[index]!;
  if (!row.comparison) return null;
  if (key === "previousDebit") return row.comparison.debit;
  if (key === "previousCredit") return row.comparison.credit;
  if (key === "variance") return row.comparison.variance;
  return row.comparison.percent;
}

const collators = new Map<string, Intl.Collator>();
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(locale, { numeric: true, sensitivity: "base" });
    collators.set(locale, found);
  }
  return found;
}

/** The rows the table shows: filtered by text, empty ones hidden on request, sorted. */
export function viewRows(rows: readonly TrialBalanceRow[], options: ViewOptions, locale: string): TrialBalanceRow[] {
  const needle = options.filter.trim().toLowerCase();
  const matches = (row: TrialBalanceRow) =>
    row.name.toLowerCase().includes(needle) || row.id.toLowerCase().includes(needle);
  let result =
    needle || options.hideEmpty
      ? rows.filter((row) => (!needle || matches(row)) && !(options.hideEmpty && isEmpty(row)))
      : rows.slice();
  const { key, direction } = options.sort;
  if (key === "service") return direction === "asc" ? result : result.reverse();
  const sign = direction === "asc" ? 1 : -1;
  if (key === "account") {
    const compareNames = collator(locale).compare;
    result = result.sort((a, b) => sign * (compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    return result;
  }
  return result.sort((a, b) => {
    const left = sortValue(a, key);
    const right = sortValue(b, key);
    // Rows without a value (no percentage) go last in either direction.
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    return left === right ? 0 : sign * (left < right ? -1 : 1);
  });
}
