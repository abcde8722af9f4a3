import type { Locale } from "@/lib/i18n/locales";
import { centsToDecimal } from "./decimal";
import type { Cell, Sheet } from "./sheet";

/** How a spreadsheet of the locale opens CSV: German Excel splits at `;` and reads `1234,50` as a number. */
const DIALECTS: Record<Locale, { separator: string; decimal: string }> = {
  en: { separator: ",", decimal: "." },
  de: { separator: ";", decimal: "," },
};

/**
 * RFC 4180 CSV (CRLF, quoted text) in the locale's dialect: English comma-separated with
 * "1234.50", German semicolon-separated with "1234,50". Amounts have no grouping so
 * spreadsheets read them as numbers. A UTF-8 byte order mark lets Excel see the accents.
 * The title block comes first, then a blank line and the table.
 */
export function toCsv(sheet: Sheet, locale: Locale = "en"): string {
  const dialect = DIALECTS[locale];
  const quote = (value: string) => quoteText(value, dialect.separator);
  const cell = (value: Cell): string => {
    if (value.kind === "text") return quote(value.value);
    if (value.kind === "empty") return "";
    return centsToDecimal(value.cents).replace(".", dialect.decimal);
  };
  const lines = [...sheet.preamble.map((row) => row.map(cell)), sheet.header.map(quote), ...sheet.rows.map((row) => row.map(cell))];
  return `\uFEFF${lines.map((cells) => cells.join(dialect.separator)).join("\r\n")}\r\n`;
}

/** Quotes when needed; text a spreadsheet would run as a formula is defused with a leading apostrophe. */
function quoteText(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
