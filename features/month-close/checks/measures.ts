import { microsToDecimal, parseMicros } from "@/lib/money/decimal";
import type { MonthCheckInput } from "./schemas";
import { CHANGE_LIMIT_PERCENT, HOLIDAY_TYPES } from "./tables";

// The checks' small measures (./index.ts): amounts in cents and micro-units, changes in percent.

export const MICROS = 1_000_000;

/** A euro amount setting ("603", "450.5") in cents; beyond cents is cut off. */
export function centsOf(amount: string): bigint | null {
  const micros = parseMicros(amount);
  return micros === null ? null : micros / 10_000n;
}

/** Micro-units (a whole number) as a canonical decimal: 10_500_000 → "10.5". */
export function decimalOf(micros: number): string {
  return microsToDecimal(BigInt(micros));
}

/** Whole percent of the change from `before` (> 0) to `now`, or null when within the limit. */
export function changePercent(before: number | bigint, now: number | bigint): number | null {
  const [was, is] = [Number(before), Number(now)];
  if (was <= 0) return null;
  if (Math.abs(is - was) * 100 <= CHANGE_LIMIT_PERCENT * was) return null;
  return Math.round(((is - was) / was) * 100);
}

export function sameCells(a: readonly string[], b: readonly string[]): boolean {
  for (let col = 0; col < a.length; col += 1) if (a[col] !== b[col]) return false;
  return a.length === b.length;
}

/** Whether the lines hold a holiday surcharge, so a browser without the period's holidays knows it must load them. */
export function needsPublicHolidays(hours: MonthCheckInput["month"]["hours"]): boolean {
  return hours.some((line) => HOLIDAY_TYPES.has(line.values.type ?? ""));
}
