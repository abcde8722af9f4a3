/**
 * Calendar arithmetic on whole numbers: the checks look at thousands of `YYYY-MM-DD` strings and
 * build no Date object per line. Days of a payroll month are computed once per run.
 */

const MONTH_OFFSETS = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4] as const;

/** Day of the week of a proleptic Gregorian date, 0 = Sunday … 6 = Saturday (Sakamoto's method). */
export function weekday(year: number, month: number, day: number): number {
  const y = month < 3 ? year - 1 : year;
  return (y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + (MONTH_OFFSETS[month - 1] ?? 0) + day) % 7;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The Sundays of a month `YYYY-MM`, as `YYYY-MM-DD`. */
export function sundaysOf(period: string): Set<string> {
  const year = Number(period.slice(0, 4));
  const month = Number(period.slice(5, 7));
  const sundays = new Set<string>();
  const first = (7 - weekday(year, month, 1)) % 7 + 1;
  for (let day = first; day <= daysInMonth(year, month); day += 7) sundays.add(`${period}-${String(day).padStart(2, "0")}`);
  return sundays;
}
