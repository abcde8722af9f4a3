import Papa from "papaparse";

/**
 * The one CSV/TSV reader, on papaparse: the payroll service's reference lists, a spreadsheet
 * file or paste for the employee import, and the grid's clipboard. Pure and browser-safe.
 */

const BOM = /^\uFEFF/;

/** `;`-separated records with a header row (the payroll service's lists); a line that cannot be read throws. */
export function parseCsvRecords(text: string, delimiter: string): Record<string, string>[] {
  const result = Papa.parse<Record<string, string>>(text.replace(BOM, ""), {
    delimiter,
    header: true,
    skipEmptyLines: true,
  });
  const fatal = result.errors.find((error) => error.type !== "FieldMismatch");
  if (fatal) throw new Error(`CSV line ${(fatal.row ?? 0) + 2}: ${fatal.message}`);
  return result.data;
}

/**
 * A file or a paste from a spreadsheet: tabs (spreadsheet copies), semicolons or commas,
 * detected from the data. The first row is the header.
 */
export function parseSpreadsheetText(text: string): { headers: string[]; rows: string[][] } {
  const clean = text.replace(BOM, "");
  const firstLine = clean.slice(0, clean.search(/\r?\n|$/));
  const delimiter = firstLine.includes("\t") ? "\t" : firstLine.includes(";") ? ";" : ",";
  const result = Papa.parse<string[]>(clean, { delimiter, skipEmptyLines: "greedy" });
  const [headers = [], ...rows] = result.data;
  return { headers: headers.map((header) => header.trim()), rows };
}

/**
 * A delimited file (`;`, `,` or tab, detected from the header line) with each record's line
 * number in the file: empty lines are skipped but still counted, so a report can name the line
 * a person sees in their editor or spreadsheet (the grid's file import).
 */
export function parseDelimitedFile(text: string): { delimiter: string; records: { line: number; cells: string[] }[] } {
  const clean = text.replace(BOM, "");
  const firstLine = clean.slice(0, clean.search(/\r?\n|$/));
  const delimiter = firstLine.includes("\t") ? "\t" : firstLine.includes(";") ? ";" : ",";
  const result = Papa.parse<string[]>(clean, { delimiter });
  const records: { line: number; cells: string[] }[] = [];
  let line = 1;
  for (const cells of result.data) {
    if (cells.some((cell) => cell.trim() !== "")) records.push({ line, cells });
    // A quoted cell may hold line breaks: the next record starts that many lines further down.
    line += 1 + cells.reduce((breaks, cell) => breaks + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return { delimiter, records };
}

/**
 * A file's text: UTF-8 when it is valid UTF-8, else Windows-1252, what a German Excel writes
 * as "CSV (Trennzeichen-getrennt)" (so `Müller` is not read as `M�ller`).
 */
export function decodeSpreadsheetBytes(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** A character no clipboard text holds: as the quote character, it reads every quote as text. */
const NO_QUOTE = "\u0000";

/**
 * The clipboard's tab-separated text as Excel, LibreOffice and Google Sheets write it: rows end
 * with CRLF or LF (the last one optionally), a cell holding a tab, newline or quote is quoted
 * with doubled quotes inside. Empty rows inside the block are kept (they clear cells); a text
 * whose quotes do not pair up (`"12" pipe`) is read with its quotes as text, as spreadsheets do.
 */
export function parseTsv(text: string): string[][] {
  let result = Papa.parse<string[]>(text, { delimiter: "\t" });
  if (result.errors.some((error) => error.type === "Quotes"))
    result = Papa.parse<string[]>(text, { delimiter: "\t", quoteChar: NO_QUOTE });
  const rows = result.data;
  const last = rows.at(-1);
  // The line end after the last row starts no row of its own.
  if (/[\r\n]$/.test(text) && last?.length === 1 && last[0] === "") rows.pop();
  return rows;
}
