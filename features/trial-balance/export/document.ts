import type { Locale } from "@/lib/i18n/locales";

/**
 * What a trial balance export holds, already in the person's words: the one home of an
 * export's contents. The PDF, CSV and XLSX writers only differ in format. Amounts stay cents
 * (BigInt): each writer formats them its own way (the PDF as the locale writes them, CSV as
 * plain decimals a spreadsheet reads, XLSX as numeric cells).
 */

export interface ExportFact {
  label: string;
  value: string;
}

export interface ExportColumn {
  label: string;
  /** Set when the column has no figures (a period that failed, a prior year that did not load): why, in the person's words. Its cells are null then. */
  failed: string | null;
}

/** One line of figures: an account, a group's subtotal or the grand total. */
export interface ExportLine {
  code: string;
  name: string;
  /** One per column; null: no figure (shown as a dash, never as zero). */
  cells: readonly (bigint | null)[];
}

export interface ExportGroup {
  label: string;
  rows: readonly ExportLine[];
  subtotal: ExportLine;
}

export interface ExportDocument {
  locale: Locale;
  title: string;
  /** The title block under the title: business, period, figures shown, currency, generated at. */
  facts: readonly ExportFact[];
  /** One line each, e.g. a column whose figures could not be read. */
  notices: readonly string[];
  /** Column names; `noFigures` marks a failed column's header. */
  headers: { code: string; account: string; noFigures: string };
  columns: readonly ExportColumn[];
  groups: readonly ExportGroup[];
  total: ExportLine;
  /** "Page 3 of 41" in the person's language (PDF footer). */
  pageOf: (page: number, pages: number) => string;
  /** The worksheet's name (XLSX). */
  sheetName: string;
}

/** How many figure lines the document has: per group its heading, its accounts and its subtotal, then the grand total. */
export function lineCount(document: Pick<ExportDocument, "groups">): number {
  return document.groups.reduce((sum, group) => sum + group.rows.length + 2, 0) + 1;
}
