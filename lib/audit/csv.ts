import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { NO_NAMES, presentEntry, type AuditEntryLike, type AuditNames } from "./present";

/**
 * The audit CSV for an auditor's spreadsheet: as the trial balance CSV (lib/trial-balance/csv.ts)
 * a UTF-8 byte order mark, CRLF, quoting when needed and formulas defused; unlike it, in the
 * person's language: German is `;`-separated with decimal commas (what a German spreadsheet
 * reads), English `,`-separated with decimal points. A draft save gives a row per changed cell.
 */

export const CSV_BOM = "\uFEFF";

export function separatorOf(locale: Locale): string {
  return locale === "de" ? ";" : ",";
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** Quotes when needed; text a spreadsheet would run as a formula gets a leading apostrophe (numbers stay numbers). */
export function csvField(value: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !NUMBER.test(value) ? `'${value}` : value;
  return safe.includes(separator) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function line(cells: readonly string[], separator: string): string {
  return `${cells.map((cell) => csvField(cell, separator)).join(separator)}\r\n`;
}

export function auditCsvHeader(t: Translate, locale: Locale): string {
  const columns = ["when", "who", "what", "company", "period", "details", "where", "field", "old", "new"] as const;
  return line(
    columns.map((column) => t(`audit.${column}`)),
    separatorOf(locale),
  );
}

/** An entry's rows: one per old → new change, or one with its summary; the company by name and number, employees' names beside their numbers where known. */
export function auditCsvRows(t: Translate, locale: Locale, entry: AuditEntryLike, names: AuditNames = NO_NAMES): string {
  const shown = presentEntry(locale, t, entry, names);
  const separator = separatorOf(locale);
  const company = entry.companyId === null ? "" : (names.company(entry.companyId) ?? String(entry.companyId));
  const base = [shown.when, shown.who, shown.what, company, entry.period ?? "", shown.summary];
  if (shown.changes.length === 0) return line([...base, "", "", "", ""], separator);
  return shown.changes.map((change) => line([...base, change.where, change.field, change.old, change.new], separator)).join("");
}
