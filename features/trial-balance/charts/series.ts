import { centsToDecimal } from "@/lib/money/decimal";
import type { Basis } from "../query";

/**
 * The figures the charts and the account panel take, as plain data: integer cents as BigInt or
 * as decimal text of cents ("-12345"), so a server component or a URL can hand them over as they are.
 */
export type Cents = bigint | string;

/** A period of the pack, two `YYYY-MM-DD` days (inclusive). */
export interface ChartPeriod {
  from: string;
  to: string;
  /** The first month (1–12) of the business's financial year: quarters are its quarters ("Q1 2026/27"). January when absent. */
  fyStartMonth?: number;
}

/**
 * One account's (or group's) figures for one period, in the order of features/trial-balance/rows.ts
 * `Amounts`: opening debit, opening credit, debit, credit, closing debit, closing credit.
 * `failed`: the period could not be read; it shows as "not available", never as zero.
 * `pending`: the period is still being read (shown as such; the chart leaves a gap).
 */
export interface PeriodFigures {
  amounts: readonly Cents[] | null;
  failed: boolean;
  pending?: boolean;
}

/** Debit, credit and their net (debit − credit) of the basis; null when the period is not available. */
export interface BasisLine {
  debit: bigint;
  credit: bigint;
  net: bigint;
}

export function toCents(value: Cents | undefined): bigint {
  if (value === undefined) return 0n;
  return typeof value === "bigint" ? value : BigInt(value);
}

/** The basis's debit and credit: the period's movement (debit, credit) or its closing balance. */
export function basisLine(figures: PeriodFigures | undefined, basis: Basis): BasisLine | null {
  if (!figures || figures.failed || figures.pending || !figures.amounts) return null;
  const [debitAt, creditAt] = basis === "closing" ? [4, 5] : [2, 3];
  const debit = toCents(figures.amounts[debitAt]);
  const credit = toCents(figures.amounts[creditAt]);
  return { debit, credit, net: debit - credit };
}

/**
 * A chart's values (currency units as numbers: a chart's pixel needs no exact cents; the
 * tables beside it show the exact amounts) from nets in cents; null is a gap in the line.
 */
export function chartValues(nets: readonly (bigint | null)[]): (number | null)[] {
  return nets.map((net) => (net === null ? null : Number(centsToDecimal(net))));
}

/** A period's basis line, or why there is none: still being read, or not available. */
export type LineState = BasisLine | "pending" | "failed";

/** Each period's basis line or why it has none. */
export function basisLines(figures: readonly PeriodFigures[], basis: Basis): LineState[] {
  return figures.map((entry) => basisLine(entry, basis) ?? (entry.pending ? "pending" : "failed"));
}

/** The line of a state, null when the period has none. */
export function lineOf(state: LineState | undefined): BasisLine | null {
  return typeof state === "object" ? state : null;
}
