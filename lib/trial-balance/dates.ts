/** Calendar dates as `YYYY-MM-DD` strings, computed in UTC so no time zone shifts a day. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateRange {
  from: string;
  to: string;
}

/** True for a real calendar date in `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function toDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function ymd(year: number, monthIndex: number, day: number): string {
  return toIsoDate(new Date(Date.UTC(year, monthIndex, day)));
}

/** Today in the person's time zone, as `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  return ymd(now.getFullYear(), now.getMonth(), now.getDate());
}

export function addDays(value: string, days: number): string {
  const date = toDate(value);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

/** Days from `from` to `to`, both included. */
export function daysInRange(range: DateRange): number {
  return Math.round((toDate(range.to).getTime() - toDate(range.from).getTime()) / 86_400_000) + 1;
}

function lastDayOfMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

function isMonthStart(value: string): boolean {
  return value.endsWith("-01");
}

function isMonthEnd(value: string): boolean {
  const date = toDate(value);
  return date.getUTCDate() === lastDayOfMonth(date.getUTCFullYear(), date.getUTCMonth());
}

/** The same calendar date shifted by whole months; the 31st becomes the month's last day when needed. */
export function shiftMonths(value: string, months: number, keepMonthEnd = false): string {
  const date = toDate(value);
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const last = lastDayOfMonth(year, month);
  const day = keepMonthEnd && isMonthEnd(value) ? last : Math.min(date.getUTCDate(), last);
  return ymd(year, month, day);
}

export const PRESETS = ["thisMonth", "lastMonth", "thisQuarter", "lastQuarter", "yearToDate", "thisYear", "lastYear", "q1", "q2", "q3", "q4"] as const;
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
  const date = toDate(today);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const yearStart = financialYearStartIndex(month, fyStartMonth);
  const quarterStart = yearStart + Math.floor((month - yearStart) / 3) * 3;
  const months = (first: number, count: number): DateRange => ({ from: ymd(year, first, 1), to: ymd(year, first + count, 0) });
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
      return { from: ymd(year, yearStart, 1), to: today };
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
  const date = toDate(today);
  return date.getUTCFullYear() + Math.floor(financialYearStartIndex(date.getUTCMonth(), fyStartMonth) / 12);
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
    const from = toDate(range.from);
    const to = toDate(range.to);
    const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1;
    return { from: shiftMonths(range.from, -months), to: addDays(range.from, -1) };
  }
  const days = daysInRange(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}
