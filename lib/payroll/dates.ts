/** Calendar dates as `YYYY-MM-DD` strings (compare as strings); months as `YYYY-MM`. */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function firstDayOfMonth(month: string): string {
  return `${month}-01`;
}

let berlinDay: Intl.DateTimeFormat | undefined;

/** Today in Europe/Berlin, the payroll service's day. */
export function berlinToday(now: Date = new Date()): string {
  berlinDay ??= new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });
  return berlinDay.format(now);
}

/** `2015-01-01T00:00:00` or `2015-01-01` → `2015-01-01`; empty → null. */
export function dateOnly(value: string | null | undefined): string | null {
  if (!value) return null;
  const day = value.trim().slice(0, 10);
  return isValidDate(day) ? day : null;
}
