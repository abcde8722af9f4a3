/**
 * The month-close checks' rules as data: dated tables (a value from a day on) and the limits and
 * type groups the rules read. A change of law is a new row here, with a test around its date.
 * Amounts are decimal strings in euros (exact, read with parseMicros), dates `YYYY-MM-DD`.
 */

/** Rows ascending by `from`; each value holds from its day until the next row's day. */
export type DatedTable = readonly { readonly from: string; readonly value: string }[];

/** The table's value on `day` (`YYYY-MM-DD`), or null before its first row. */
export function valueOn(table: DatedTable, day: string): string | null {
  let value: string | null = null;
  for (const row of table) {
    if (row.from > day) break;
    value = row.value;
  }
  return value;
}

/** Statutory minimum wage per hour (Mindestlohngesetz; the Mindestlohnkommission's orders). */
export const MINIMUM_WAGE: DatedTable = [
  { from: "2024-01-01", value: "12.41" },
  { from: "2025-01-01", value: "12.82" },
  { from: "2026-01-01", value: "13.90" },
  { from: "2027-01-01", value: "14.60" },
];

/** The monthly earnings limit of a minijob (Geringfügigkeitsgrenze, 10 × minimum wage × 130 / 3, rounded up). */
export const MINIJOB_PAY_CAP: DatedTable = [
  { from: "2024-01-01", value: "538.00" },
  { from: "2025-01-01", value: "556.00" },
  { from: "2026-01-01", value: "603.00" },
  { from: "2027-01-01", value: "633.00" },
];

/** A company's monthly hours limit per employee unless its settings say otherwise. */
export const DEFAULT_COMPANY_HOURS_LIMIT = 208;

/** ArbZG §3: at most 8, extended to 10 hours of work a day. */
export const MAX_DAILY_HOURS = 10;

/** Hours or pay changed by more than this share (in percent) against the last transferred month. */
export const CHANGE_LIMIT_PERCENT = 50;

/**
 * The hours types that are time worked. The surcharges, supplements and premiums are paid on top
 * of hours already entered as wage or overtime (8 hours on a Sunday are an `HOURLY_WAGE` line and
 * a `SUNDAY_PREMIUM` line of 8 hours), so they are not counted again for the daily and monthly
 * hours and their change.
 */
export const WORKED_HOURS_TYPES: ReadonlySet<string> = new Set(["HOURLY_WAGE", "ADDITIONAL_OVERTIME"]);

/** Hours types whose rate (`total_amount`) is a wage per hour, compared with the minimum wage. */
export const MINIMUM_WAGE_TYPES: ReadonlySet<string> = new Set(["HOURLY_WAGE"]);

/** Hours types that are only due on a Sunday. */
export const SUNDAY_TYPES: ReadonlySet<string> = new Set(["SUNDAY_PREMIUM"]);

/** Hours types that are only due on a public holiday. */
export const HOLIDAY_TYPES: ReadonlySet<string> = new Set([
  "HOLIDAY_SURCHARGE",
  "HOLIDAY_SURCHARGE_125",
  "HOLIDAY_SURCHARGE_150",
]);

/**
 * Days (`MM-DD`) with a holiday surcharge though they are no public holiday: EStG §3b pays it for
 * work on 24 December and 31 December from 14:00.
 */
export const SURCHARGE_DAYS_BEYOND_HOLIDAYS: ReadonlySet<string> = new Set(["12-24", "12-31"]);

/**
 * Extra payments that are not earnings for the pay cap: reimbursements of costs the employee had.
 * Every hours line and the other payments (a bonus) count.
 */
export const PAY_CAP_EXCLUDED_PAYMENTS: ReadonlySet<string> = new Set(["TRAVEL_COSTS", "FOOD_ALLOWANCE"]);
