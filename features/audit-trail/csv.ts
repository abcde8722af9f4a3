import { CSV_DIALECTS, csvLine } from "@/lib/csv/write";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { NO_NAMES, type AuditEntryLike, type AuditNames } from "@/lib/audit/present";
import { presentEntry } from "./present";

/**
 * The audit CSV for an auditor's spreadsheet, written by the one CSV writer (lib/csv/write.ts:
 * CRLF, quoting when needed, formulas defused; the export adds the byte order mark), in the
 * person's language: German is `;`-separated with decimal commas (what a German spreadsheet
 * reads), English `,`-separated with decimal points. A draft save gives a row per changed cell.
 */

export function auditCsvHeader(t: Translate, locale: Locale): string {
  const columns = ["when", "who", "what", "company", "period", "details", "where", "field", "old", "new"] as const;
  return csvLine(
    columns.map((column) => t(`audit.${column}`)),
    CSV_DIALECTS[locale].separator,
  );
}

/** An entry's rows: one per old → new change, or one with its summary; the company by name and number, employees' names beside their numbers where known. */
export function auditCsvRows(
  t: Translate,
  locale: Locale,
  entry: AuditEntryLike,
  names: AuditNames = NO_NAMES,
): string {
  const shown = presentEntry(locale, t, entry, names);
  const separator = CSV_DIALECTS[locale].separator;
  const company = entry.companyId === null ? "" : (names.company(entry.companyId) ?? String(entry.companyId));
  const base = [shown.when, shown.who, shown.what, company, entry.period ?? "", shown.summary];
  if (shown.changes.length === 0) return csvLine([...base, "", "", "", ""], separator);
  return shown.changes
    .map((change) => csvLine([...base, change.where, change.field, change.old, change.new], separator))
    .join("");
}
