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

export function dateFormat(
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): Intl.DateTimeFormat {
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
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value as Intl.StringNumericLiteral,
  );
}

export function formatDate(locale: Locale, value: Date | number, options?: Intl.DateTimeFormatOptions): string {
  return dateFormat(locale, options).format(value);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A calendar day kept as `YYYY-MM-DD` (the payroll service's dates) for people: `30.11.2026`
 * in German, `30/11/2026` in English. Read as UTC, so no time zone moves it to another day.
 * Anything that is not such a day is shown as it is.
 */
export function formatDay(locale: Locale, day: string | null | undefined): string {
  if (!day) return "";
  const match = ISO_DAY.exec(day);
  if (!match) return day;
  const value = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDate(locale, value, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
}

/** A payroll month kept as `YYYY-MM` for people: `November 2026` (German and English alike). */
export function formatMonth(locale: Locale, month: string | null | undefined): string {
  if (!month) return "";
  const match = ISO_MONTH.exec(month);
  if (!match) return month;
  return formatDate(locale, Date.UTC(Number(match[1]), Number(match[2]) - 1, 1), {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** A month as a column heading: `Nov. 2026` in German, `Nov 2026` in English. */
export function formatMonthShort(locale: Locale, month: string): string {
  const match = ISO_MONTH.exec(month);
  if (!match) return month;
  return formatDate(locale, Date.UTC(Number(match[1]), Number(match[2]) - 1, 1), {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Months from `from` to `to` (`YYYY-MM`) as a column heading: `Nov–Dec 2025` (German
 * `Nov.–Dez. 2025`), `Dec 2025–Jan 2026` across a new year, one month as `formatMonthShort`.
 * The month names are those `formatMonthShort` writes (with a year, German abbreviates with a dot).
 */
export function formatMonthSpan(locale: Locale, from: string, to: string): string {
  if (from === to) return formatMonthShort(locale, from);
  const [fromMatch, toMatch] = [ISO_MONTH.exec(from), ISO_MONTH.exec(to)];
  if (!fromMatch || !toMatch) return `${from}–${to}`;
  if (fromMatch[1] !== toMatch[1]) return `${formatMonthShort(locale, from)}–${formatMonthShort(locale, to)}`;
  const monthOf = (match: RegExpExecArray) =>
    dateFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" })
      .formatToParts(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))
      .find((part) => part.type === "month")!.value;
  return `${monthOf(fromMatch)}–${formatMonthShort(locale, to)}`;
}

/**
 * A financial year's quarter as a column heading: `Q1 2026` when the year is a calendar year,
 * `Q1 2026/27` when it starts in another month (2026/27: April 2026 to March 2027); alike in both languages.
 */
export function formatQuarter(quarter: number, fiscalYear: number, fyStartMonth: number): string {
  return `Q${quarter} ${formatFinancialYear(fiscalYear, fyStartMonth)}`;
}

/** A financial year: `2026`, or `2026/27` when it does not start in January. */
export function formatFinancialYear(fiscalYear: number, fyStartMonth: number): string {
  return fyStartMonth === 1 ? String(fiscalYear) : `${fiscalYear}/${String((fiscalYear + 1) % 100).padStart(2, "0")}`;
}

/** A month's name alone (`April`), e.g. the first month of a financial year. */
export function formatMonthName(locale: Locale, month: number): string {
  return formatDate(locale, Date.UTC(2000, month - 1, 1), { month: "long", timeZone: "UTC" });
}

const displayNames = new Map<string, Intl.DisplayNames>();

function displayNameOf(
  locale: Locale,
  type: Intl.DisplayNamesType,
  code: string | null | undefined,
): string | undefined {
  if (!code) return undefined;
  const key = `${locale}|${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames(INTL_LOCALE[locale], { type, fallback: "none" });
    displayNames.set(key, names);
  }
  try {
    return names.of(code);
  } catch {
    // A code of the wrong form (RangeError): the caller's fallback is shown.
    return undefined;
  }
}

/** A country (ISO 3166 code, e.g. `GB`) named in the person's language; `fallback` when unknown. */
export function countryName(locale: Locale, code: string | null | undefined, fallback = code ?? ""): string {
  return displayNameOf(locale, "region", code?.toUpperCase()) ?? fallback;
}

/** A currency (ISO 4217 code, e.g. `EUR`) named in the person's language; `fallback` when unknown. */
export function currencyName(locale: Locale, code: string | null | undefined, fallback = code ?? ""): string {
  return displayNameOf(locale, "currency", code?.toUpperCase()) ?? fallback;
}

/** A language tag (e.g. `en-GB`) named in the person's language; `fallback` when unknown. */
export function languageName(locale: Locale, tag: string | null | undefined, fallback = tag ?? ""): string {
  return displayNameOf(locale, "language", tag?.replace("_", "-")) ?? fallback;
}

const collators = new Map<Locale, Intl.Collator>();

/** Compares texts as the person's language sorts them (`Ä` beside `A` in German). */
export function collator(locale: Locale): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(INTL_LOCALE[locale], { sensitivity: "base" });
    collators.set(locale, found);
  }
  return found;
}

/**
 * A period of two `YYYY-MM-DD` dates ("1 Nov – 30 Nov 2026", "1. Nov. – 30. Nov. 2026"; the year
 * twice only when it differs). Written out rather than with Intl's formatRange, whose spacing
 * differs between ICU versions (server and browser).
 */
export function formatDateRange(locale: Locale, from: string, to: string): string {
  const [fromDate, toDate] = [new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`)];
  const full = dateFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  const start =
    fromDate.getUTCFullYear() === toDate.getUTCFullYear()
      ? dateFormat(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(fromDate)
      : full.format(fromDate);
  return `${start} – ${full.format(toDate)}`;
}
