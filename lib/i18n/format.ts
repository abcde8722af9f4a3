import type { Locale } from "./locales";

// Intl formatters are costly to build and cheap to reuse: one per locale and options.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

const INTL_LOCALE: Record<Locale, string> = { en: "en-GB", de: "de-DE" };

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    numberFormats.set(key, format);
  }
  return format;
}

export function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Amounts with exactly two decimals; `value` may be a decimal string, which Intl formats without float rounding. */
export function formatAmount(locale: Locale, value: number | string): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value as Intl.StringNumericLiteral);
}

export function formatDate(locale: Locale, value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return dateFormat(locale, options).format(value);
}

/**
 * A period of two `YYYY-MM-DD` dates ("1 Nov – 30 Nov 2026", "1. Nov. – 30. Nov. 2026"; the year
 * twice only when it differs). Written out rather than with Intl's formatRange, whose spacing
 * differs between ICU versions (server and browser).
 */
export function formatDateRange(locale: Locale, from: string, to: string): string {
  const [fromDate, toDate] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
  const full = dateFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const start = fromDate.getUTCFullYear() === toDate.getUTCFullYear() ? dateFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(fromDate) : full.format(fromDate);
  return `${start} – ${full.format(toDate)}`;
}
