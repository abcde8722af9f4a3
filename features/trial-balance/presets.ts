import {
  addDays,
  daysInRange,
  isMonthEnd,
  isMonthStart,
  isoDay,
  monthIndex,
  shiftMonths,
  type DateRange,
} from "@/lib/dates/calendar";

/** The trial balance's quick periods (of a financial year) and comparison ranges; the calendar itself is `lib/dates`. */

export const PRESETS = [
  "thisMonth",
  "lastMonth",
  "thisQuarter",
  "lastQuarter",
  "yearToDate",
  "thisYear",
  "lastYear",
  "q1",
  "q2",
  "q3",
  "q4",
] as const;
export type Preset = (typeof PRESETS)[number];

/** The first month index (0–11, may be negative: the year before) of the financial year holding the month. */
function financialYearStartIndex(month: number, fyStartMonth: number): number {
  const start = fyStartMonth - 1;
  return month >= start ? start : start - 12;
}

/**
 * A quick period from today. Quarters and years are those of the financial year, which starts
 * in `fyStartMonth` (1–12; January by default): with April, "this year" is April to March, Q1
 * April to June, and the year to date runs from the latest 1 April.
 */
export function presetRange(preset: Preset, today: string, fyStartMonth = 1): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const yearStart = financialYearStartIndex(month, fyStartMonth);
  const quarterStart = yearStart + Math.floor((month - yearStart) / 3) * 3;
  const months = (first: number, count: number): DateRange => ({
    from: isoDay(year, first + 1, 1),
    to: isoDay(year, first + count + 1, 0),
  });
  switch (preset) {
    case "thisMonth":
      return months(month, 1);
    case "lastMonth":
      return months(month - 1, 1);
    case "thisQuarter":
      return months(quarterStart, 3);
    case "lastQuarter":
      return months(quarterStart - 3, 3);
    case "yearToDate":
      return { from: isoDay(year, yearStart + 1, 1), to: today };
    case "thisYear":
      return months(yearStart, 12);
    case "lastYear":
      return months(yearStart - 12, 12);
    case "q1":
    case "q2":
    case "q3":
    case "q4":
      return months(yearStart + (Number(preset[1]) - 1) * 3, 3);
  }
}

/** The calendar year the financial year holding `today` starts in (2026 for April 2026 – March 2027). */
export function financialYearOf(today: string, fyStartMonth = 1): number {
  return (
    Number(today.slice(0, 4)) + Math.floor(financialYearStartIndex(Number(today.slice(5, 7)) - 1, fyStartMonth) / 12)
  );
}

/** Which preset a range is, if any (to mark the active one). */
export function presetOf(range: DateRange, today: string, fyStartMonth = 1): Preset | undefined {
  return PRESETS.find((preset) => {
    const candidate = presetRange(preset, today, fyStartMonth);
    return candidate.from === range.from && candidate.to === range.to;
  });
}

export const COMPARISONS = ["none", "period", "year"] as const;
export type Comparison = (typeof COMPARISONS)[number];

/**
 * The range to compare with. "year": the same dates a year earlier. "period": the
 * range of the same length just before; whole months stay whole months (Q2 → Q1).
 */
export function comparisonRange(range: DateRange, comparison: Exclude<Comparison, "none">): DateRange {
  if (comparison === "year") return { from: shiftMonths(range.from, -12), to: shiftMonths(range.to, -12, true) };
  if (isMonthStart(range.from) && isMonthEnd(range.to)) {
    const months = monthIndex(range.to) - monthIndex(range.from) + 1;
    return { from: shiftMonths(range.from, -months), to: addDays(range.from, -1) };
  }
  const days = daysInRange(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}
