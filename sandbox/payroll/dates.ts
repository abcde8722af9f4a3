/** Calendar helpers on "YYYY-MM-DD" and "YYYY-MM" strings; the service lives in German time. */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for an existing calendar day written as YYYY-MM-DD (so "2025-02-30" is false). */
export function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const berlinDateFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in Germany as YYYY-MM-DD. */
export function berlinDate(instant: Date): string {
  return berlinDateFormat.format(instant);
}

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function lastDayOf(month: string): string {
  const [year, monthNumber] = splitMonth(month);
  return `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, "0")}`;
}

export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = splitMonth(month);
  const index = year * 12 + (monthNumber - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function addDays(date: string, count: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + count);
  return instant.toISOString().slice(0, 10);
}

function splitMonth(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}
