import type { GridColumn, GridLocale } from "@/features/payroll/grid/columns";
import { canonicalize } from "@/features/payroll/grid/locale-input";

/**
 * How a file writes numbers and dates, read from its values rather than from the person's
 * language: a German export has `7,5` and `26.11.2026`, an English one `7.5` and `11/26/2026`
 * (or `26/11/2026`, told apart by a day above 12). Pure and browser-safe.
 */
export interface FileLocale {
  /** The decimal mark: `de` a comma, `en` a point. */
  numbers: GridLocale;
  /** How `a/b/yyyy` is read. */
  slashDates: "month-first" | "day-first";
}

const COMMA_DECIMAL = /^-?\d{1,3}(\.\d{3})*,\d+$|^-?\d+,\d+$/;
const POINT_DECIMAL = /^-?\d{1,3}(,\d{3})*\.\d+$|^-?\d+\.\d+$/;
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;

/** The file's locale from the values of its decimal and date columns; `fallback` (the separator's) when they do not tell. */
export function detectFileLocale(
  decimals: readonly string[],
  dates: readonly string[],
  fallback: GridLocale,
): FileLocale {
  let comma = 0;
  let point = 0;
  for (const raw of decimals) {
    const value = raw.replace(/[\s€%]/g, "");
    if (COMMA_DECIMAL.test(value)) comma += 1;
    else if (POINT_DECIMAL.test(value)) point += 1;
  }
  const numbers: GridLocale = comma === point ? fallback : comma > point ? "de" : "en";
  let slashDates: FileLocale["slashDates"] | null = null;
  for (const raw of dates) {
    const match = SLASH_DATE.exec(raw.trim());
    if (!match) continue;
    if (Number(match[1]) > 12) slashDates = "day-first";
    else if (Number(match[2]) > 12) slashDates = "month-first";
    if (slashDates) break;
  }
  return { numbers, slashDates: slashDates ?? (numbers === "en" ? "month-first" : "day-first") };
}

/** `11/26/2026` → `2026-11-26` when the file writes month first; other texts unchanged. */
function slashDateToIso(text: string, order: FileLocale["slashDates"]): string {
  const match = SLASH_DATE.exec(text);
  if (!match) return text;
  const [, first = "", second = "", yearPart = ""] = match;
  const [month, day] = order === "month-first" ? [first, second] : [second, first];
  const year = yearPart.length === 2 ? `20${yearPart}` : yearPart;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/**
 * A file's value as the grid stores it: read with the file's locale (a decimal, a date, a type by
 * its code or label in either language), else the text as it is, which the grid's validation
 * then reports (as for a paste).
 */
export function cellFromFile(column: GridColumn, raw: string, locale: FileLocale, month: string): string {
  const text = raw.trim();
  if (!text) return "";
  if (column.kind === "date")
    return canonicalize(column, slashDateToIso(text, locale.slashDates), { locale: "de", month });
  if (column.kind === "decimal")
    return canonicalize(column, text.replace(/\s*(h|std\.?|eur)$/i, ""), { locale: locale.numbers, month });
  return canonicalize(column, text, { locale: locale.numbers, month });
}
