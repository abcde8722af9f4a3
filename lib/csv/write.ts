/**
 * The one CSV/TSV writer: every CSV the app writes (the audit export, the trial balance export,
 * the import's sample files) goes through `csvField`, so quoting and formula defusing follow one
 * rule. Pure and browser-safe.
 */

import type { Locale } from "@/lib/i18n/locales";

/** How a spreadsheet of the locale opens CSV: German Excel splits at `;` and reads `1234,50` as a number. */
export const CSV_DIALECTS: Record<Locale, { separator: string; decimal: string }> = {
  en: { separator: ",", decimal: "." },
  de: { separator: ";", decimal: "," },
};

/** A UTF-8 byte order mark: lets Excel see the accents of a UTF-8 file. */
export const CSV_BOM = "\uFEFF";

/**
 * What a spreadsheet may run as a formula: text starting with `=`, `+`, `-` or `@`, or their
 * full-width forms (Excel and LibreOffice read `＝1+1` as `=1+1`), also after leading white space
 * (a spreadsheet that trims cells on import would otherwise start the formula), and text starting
 * with a tab or a carriage return (OWASP's list: both start formulas in some importers).
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/** A plain number ("-5", "-7,5", "1234.50") is read as a number, never run: it stays as it is. */
const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** Text a spreadsheet would run as a formula gets a leading apostrophe, which spreadsheets read as "text". */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** Quoted (quotes doubled) when it holds the separator, a quote or a line break. */
function quoted(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One field of a CSV file: formulas defused, quoted when needed. */
export function csvField(value: string, separator: string): string {
  return quoted(defuseFormula(value), separator);
}

/** One line of a CSV file (RFC 4180: ends with CRLF). */
export function csvLine(cells: readonly string[], separator: string): string {
  return `${cells.map((cell) => csvField(cell, separator)).join(separator)}\r\n`;
}

/**
 * Cells → clipboard text that spreadsheets paste back into the same shape. Quoting only, no
 * defusing: a copy is the grid's own cells, and pasting it back into the grid must give the same
 * cells (an apostrophe would become part of a value).
 */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => quoted(cell, "\t")).join("\t")).join("\r\n");
}
