import { isoDay, monthIndex, type DateRange } from "@/lib/dates/calendar";

/**
 * The columns of a month-end pack: a range cut at month (or financial-year quarter) boundaries.
 * Browser-safe and small: the range form refuses a range of more than 13 columns with it.
 */

export const COLUMN_MODES = ["single", "months", "quarters"] as const;
export type ColumnMode = (typeof COLUMN_MODES)[number];

/** The most columns a pack shows side by side (a year and the month of the year before). */
export const MAX_PERIODS = 13;

export interface PackPeriod extends DateRange {
  /** Stable key of the column: `2026-11` for a month, `2026-Q1` (financial year 2026's first quarter) for a quarter. */
  key: string;
  /** A month, a quarter of the financial year, or (Single period) the whole range. */
  kind: "month" | "quarter" | "range";
  /** `YYYY-MM` of the column's first month (for a month's heading). */
  month: string;
  /** For a quarter: its number (1–4) in the financial year and the calendar year the financial year starts in. */
  quarter?: { number: number; fiscalYear: number };
  /** False when the range cuts the month or quarter (the first or last column may be partial). */
  whole: boolean;
}

function startOfIndex(index: number): string {
  return isoDay(Math.floor(index / 12), (index % 12) + 1, 1);
}

function endOfIndex(index: number): string {
  return isoDay(Math.floor((index + 1) / 12), ((index + 1) % 12) + 1, 0);
}

/** The first month index of the quarter (of a financial year starting in `fyStartMonth`, 1–12) that holds `index`. */
function quarterStartIndex(index: number, fyStartMonth: number): number {
  const offset = (((index - (fyStartMonth - 1)) % 3) + 3) % 3;
  return index - offset;
}

/** How many columns the range makes; cheap, without building them (for the form's check). */
export function countPeriods(range: DateRange, mode: ColumnMode, fyStartMonth = 1): number {
  if (mode === "single") return 1;
  const first = monthIndex(range.from);
  const last = monthIndex(range.to);
  if (last < first) return 0;
  if (mode === "months") return last - first + 1;
  return (quarterStartIndex(last, fyStartMonth) - quarterStartIndex(first, fyStartMonth)) / 3 + 1;
}

/** The columns of the range, oldest first; the first and last are cut to the range. */
export function packPeriods(range: DateRange, mode: Exclude<ColumnMode, "single">, fyStartMonth = 1): PackPeriod[] {
  const periods: PackPeriod[] = [];
  const first = monthIndex(range.from);
  const last = monthIndex(range.to);
  const step = mode === "months" ? 1 : 3;
  let start = mode === "months" ? first : quarterStartIndex(first, fyStartMonth);
  for (; start <= last; start += step) {
    const wholeFrom = startOfIndex(start);
    const wholeTo = endOfIndex(start + step - 1);
    const from = wholeFrom < range.from ? range.from : wholeFrom;
    const to = wholeTo > range.to ? range.to : wholeTo;
    const month = from.slice(0, 7);
    const whole = from === wholeFrom && to === wholeTo;
    if (mode === "months") {
      periods.push({ key: month, kind: "month", from, to, month, whole });
    } else {
      // Months since the financial year began: Q1 holds its first three.
      const intoYear = ((((start % 12) - (fyStartMonth - 1)) % 12) + 12) % 12;
      const fiscalYear = Math.floor((start - intoYear) / 12);
      const number = Math.floor(intoYear / 3) + 1;
      periods.push({
        key: `${fiscalYear}-Q${number}`,
        kind: "quarter",
        from,
        to,
        month: startOfIndex(start).slice(0, 7),
        quarter: { number, fiscalYear },
        whole,
      });
    }
  }
  return periods;
}
