/**
 * The one home of calendar dates: days as `YYYY-MM-DD` strings (they compare as strings) and
 * months as `YYYY-MM`, computed in UTC or on whole numbers so no time zone shifts a day. Pure and
 * browser-safe (the month-close checks use it in a Web Worker). Showing dates to people is
 * `lib/i18n/format.ts`'s; the payroll service's day (Europe/Berlin) is `berlin.ts`'s.
 */

export interface DateRange {
  from: string;
  to: string;
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in `YYYY-MM-DD` (2026-02-30 is not one, nor a year before 1000). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `2015-01-01T00:00:00` or `2015-01-01` → `2015-01-01`; empty or not a date → null. */
export function dateOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.trim().slice(0, 10);
  return isIsoDate(day) ? day : null;
}

/** A Date's UTC day. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `YYYY-MM-DD` of a year, month (1–12) and day; months and days beyond their range roll over (month 13 is next January, day 0 the last of the month before). */
export function isoDay(year: number, month: number, day: number): string {
  return toIsoDate(new Date(Date.UTC(year, month - 1, day)));
}

function toDate(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/** Today in the person's (the process's) time zone. */
export function localToday(now = new Date()): string {
  return isoDay(now.getFullYear(), now.getMonth() + 1, now.getDate());
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

/** Days of a month (1–12) of a proleptic Gregorian year, on whole numbers. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;

/** Day of the week of a proleptic Gregorian date, 0 = Sunday … 6 = Saturday (Sakamoto's method: no Date object, for thousands of lines). */
export function weekday(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  return (
    (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + (MONTH_OFFSETS[month - 1] ?? 0) + day) % 7
  );
}

export function isMonthStart(value: string): boolean {
  return value.endsWith("-01");
}

export function isMonthEnd(value: string): boolean {
  return Number(value.slice(8, 10)) === daysInMonth(Number(value.slice(0, 4)), Number(value.slice(5, 7)));
}

/** A month `YYYY-MM`'s first day. */
export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

/** Day `day` of the month `YYYY-MM`, the month's last day when it is shorter (the 31st becomes the 30th of November). */
export function dayInMonth(month: string, day: number): string {
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${month}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

/** The same calendar date shifted by whole months; the 31st becomes the month's last day when needed (and a month's last day stays its last with `keepMonthEnd`). */
export function shiftMonths(value: string, months: number, keepMonthEnd = false): string {
  const date = toDate(value);
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = (((target % 12) + 12) % 12) + 1;
  const last = daysInMonth(year, month);
  const day = keepMonthEnd && isMonthEnd(value) ? last : Math.min(date.getUTCDate(), last);
  return isoDay(year, month, day);
}

/** Months counted from year 0 (`2026-11` or `2026-11-15` → 24322), so month arithmetic is integer arithmetic. */
export function monthIndex(value: string): number {
  return Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7)) - 1;
}

/** The Sundays of a month `YYYY-MM`, as `YYYY-MM-DD`. */
export function sundaysOf(period: string): Set<string> {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  const sundays = new Set<string>();
  const first = ((7 - weekday(year, month, 1)) % 7) + 1;
  for (let day = first; day <= daysInMonth(year, month); day += 7)
    sundays.add(`${period}-${String(day).padStart(2, "0")}`);
  return sundays;
}
