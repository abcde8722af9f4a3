import type { ExportDocument, ExportLine } from "./document";

/** The export document as a plain table that the CSV and XLSX writers share. */
export type Cell = { kind: "text"; value: string } | { kind: "amount"; cents: bigint } | { kind: "empty" };

export interface Sheet {
  name: string;
  /** The title block above the table: the title, then one `label, value` row per fact, notices, a blank row. */
  preamble: Cell[][];
  header: string[];
  rows: Cell[][];
  /** Indexes in `rows` of the group headings, subtotals and the grand total (set in bold). */
  boldRows: ReadonlySet<number>;
}

const text = (value: string): Cell => ({ kind: "text", value });
const EMPTY: Cell = { kind: "empty" };

function lineCells(line: ExportLine): Cell[] {
  return [
    text(line.code),
    text(line.name),
    ...line.cells.map((cents): Cell => (cents === null ? EMPTY : { kind: "amount", cents })),
  ];
}

/**
 * The document's table as the spreadsheet shows it: per group a heading row, its accounts and
 * its subtotal row, then the grand total. A column without figures keeps its cells empty (never
 * zero) and says so in its header.
 */
export function documentSheet(document: ExportDocument): Sheet {
  const preamble: Cell[][] = [
    [text(document.title)],
    ...document.facts.map((fact) => [text(fact.label), text(fact.value)]),
    ...document.notices.map((notice) => [text(notice)]),
    [],
  ];
  const header = [
    document.headers.code,
    document.headers.account,
    ...document.columns.map((column) =>
      column.failed === null ? column.label : `${column.label} (${document.headers.noFigures})`,
    ),
  ];
  const rows: Cell[][] = [];
  const boldRows = new Set<number>();
  for (const group of document.groups) {
    boldRows.add(rows.length);
    rows.push([EMPTY, text(group.label)]);
    for (const row of group.rows) rows.push(lineCells(row));
    boldRows.add(rows.length);
    rows.push(lineCells(group.subtotal));
  }
  boldRows.add(rows.length);
  rows.push(lineCells(document.total));
  return { name: document.sheetName, preamble, header, rows, boldRows };
}
