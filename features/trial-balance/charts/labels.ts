import { daysInMonth } from "@/lib/dates/calendar";
import { dateFormat, formatDateRange, formatFinancialYear, numberFormat } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { centsToDecimal } from "@/lib/money/decimal";
import type { ChartPeriod } from "./series";

/** What a period is, so it can be named the way an accountant names it. */
export type PeriodKind =
  | { kind: "month"; year: number; month: number }
  | { kind: "quarter"; year: string; quarter: number }
  | { kind: "range" };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A whole calendar month, a whole quarter of the financial year (its year named as the page
 * names it: "2026", or "2026/27" when the year starts in April), or any other range.
 */
export function periodKind({ from, to, fyStartMonth = 1 }: ChartPeriod): PeriodKind {
  const start = DAY.exec(from);
  const end = DAY.exec(to);
  if (!start || !end || start[3] !== "01") return { kind: "range" };
  const [year, month] = [Number(start[1]), Number(start[2])];
  const [endYear, endMonth, endDay] = [Number(end[1]), Number(end[2]), Number(end[3])];
  if (endDay !== daysInMonth(endYear, endMonth)) return { kind: "range" };
  const months = (endYear - year) * 12 + endMonth - month + 1;
  if (months === 1) return { kind: "month", year, month };
  const intoYear = (month - fyStartMonth + 12) % 12;
  if (months === 3 && intoYear % 3 === 0) {
    const fiscalYear = month >= fyStartMonth ? year : year - 1;
    return { kind: "quarter", year: formatFinancialYear(fiscalYear, fyStartMonth), quarter: intoYear / 3 + 1 };
  }
  return { kind: "range" };
}

/**
 * A period's name in tables and screen-reader text: "Nov 2026" / "Nov. 2026" for a month,
 * `quarter(q, year)` (a message) for a quarter, the date range otherwise.
 */
export function periodName(
  locale: Locale,
  period: ChartPeriod,
  quarter: (quarter: number, year: string) => string,
): string {
  const kind = periodKind(period);
  if (kind.kind === "month")
    return dateFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" }).format(
      Date.UTC(kind.year, kind.month - 1, 1),
    );
  if (kind.kind === "quarter") return quarter(kind.quarter, kind.year);
  return formatDateRange(locale, period.from, period.to);
}

function axisParts(locale: Locale, period: ChartPeriod, quarter: (quarter: number) => string): [string, string] {
  const kind = periodKind(period);
  if (kind.kind === "month")
    return [
      dateFormat(locale, { month: "short", timeZone: "UTC" }).format(Date.UTC(kind.year, kind.month - 1, 1)),
      String(kind.year),
    ];
  if (kind.kind === "quarter") return [quarter(kind.quarter), kind.year];
  const end = new Date(`${period.to}T00:00:00Z`);
  return [
    dateFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(end),
    String(end.getUTCFullYear()),
  ];
}

/**
 * The labels under a chart, two lines each: the month ("Nov"), quarter ("Q4") or end day of
 * another range, and the year under the first label shown and wherever the year changes. Only
 * every `step`th period is labelled (null for the others) so the labels never overlap.
 */
export function axisLabels(
  locale: Locale,
  periods: readonly ChartPeriod[],
  step: number,
  quarter: (quarter: number) => string,
): ([string, string] | null)[] {
  let shownYear: string | null = null;
  return periods.map((period, index) => {
    if (index % step !== 0) return null;
    const [name, year] = axisParts(locale, period, quarter);
    const label: [string, string] = [name, year === shownYear ? "" : year];
    shownYear = year;
    return label;
  });
}

// A code Intl cannot use (missing or malformed) would throw: the amount is then shown without it.
function currencyOptions(currency: string): Intl.NumberFormatOptions {
  return /^[A-Za-z]{3}$/.test(currency) ? { style: "currency", currency: currency.toUpperCase() } : {};
}

/** Exact cents with the currency, the locale's way: "1.234,56 €", "-£1,234.56". */
export function formatMoney(locale: Locale, cents: bigint, currency: string): string {
  return numberFormat(locale, {
    ...currencyOptions(currency),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(centsToDecimal(cents) as Intl.StringNumericLiteral);
}

/** A y-axis tick: short ("£12k", "12.000 €", "1,2 Mio. €") since the tables carry the exact amounts. */
export function formatTick(locale: Locale, value: number, currency: string): string {
  return numberFormat(locale, {
    ...currencyOptions(currency),
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(value);
}

/** The whole span of the periods ("1 Nov 2025 – 31 Oct 2026"); "" when there are none. */
export function spanName(locale: Locale, periods: readonly ChartPeriod[]): string {
  const first = periods[0];
  const last = periods.at(-1);
  return first && last ? formatDateRange(locale, first.from, last.to) : "";
}
