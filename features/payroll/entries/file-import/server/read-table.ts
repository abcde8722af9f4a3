import "server-only";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { decodeSpreadsheetBytes, parseDelimitedFile } from "@/lib/csv/parse";
import type { ImportTable } from "../plan";
import { FileImportRefusal, MAX_IMPORT_ROWS } from "../limits";
import { unpackBounded } from "./bounded-unzip";

/**
 * A time-tracking export's first sheet (XLSX, through exceljs) or its text (CSV, through the one
 * CSV reader, lib/csv/parse.ts) as a table of texts. A sheet's numbers come as `7.5`, its dates as
 * `2026-11-26`; a CSV's as written (the plan reads them with the file's locale). Refused with a
 * reason the dialog words: not a CSV or XLSX, empty, or more rows than an import takes.
 */
export async function readImportTable(fileName: string, bytes: Uint8Array): Promise<ImportTable> {
  if (bytes.byteLength === 0) throw new FileImportRefusal("empty");
  const zipped = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (zipped) return readWorkbook(bytes);
  if (/\.xlsx?$/i.test(fileName) || looksBinary(bytes)) throw new FileImportRefusal("not_spreadsheet");
  return readDelimited(decodeSpreadsheetBytes(bytes));
}

/** NUL bytes or many control characters: a PDF, an image, an old binary `.xls`, not a text file. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 4096);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control += 1;
  }
  return control > sample.length / 20;
}

function table(records: { line: number; cells: string[] }[], localeHint: "en" | "de"): ImportTable {
  const [header, ...rows] = records;
  if (!header || header.cells.every((cell) => !cell.trim())) throw new FileImportRefusal("empty");
  if (rows.length === 0) throw new FileImportRefusal("no_rows");
  if (rows.length > MAX_IMPORT_ROWS) throw new FileImportRefusal("too_many_rows");
  return {
    headers: header.cells.map((cell) => cell.trim()),
    rows: rows.map((row) => row.cells),
    rowNumbers: rows.map((row) => row.line),
    localeHint,
  };
}

function readDelimited(text: string): ImportTable {
  if (!text.trim()) throw new FileImportRefusal("empty");
  const { delimiter, records } = parseDelimitedFile(text);
  if (records.length > MAX_IMPORT_ROWS + 1) throw new FileImportRefusal("too_many_rows");
  return table(records, delimiter === "," ? "en" : "de");
}

/** A sheet cell as text: numbers with a point, dates as days, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "number") return Number.isFinite(value) ? String(Math.round(value * 1e6) / 1e6) : "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "1" : "0";
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  if ("text" in value && typeof value.text === "string") return value.text;
  return "";
}

/**
 * An XLSX unpacks to at most this much: a small file that inflates to gigabytes (a zip bomb) is
 * refused before exceljs reads it, by what it declares and by the bytes counted while inflating.
 */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

function unpackedSize(bytes: Uint8Array): number {
  let total = 0;
  // The filter sees each entry's declared size and unpacks nothing.
  unzipSync(bytes, {
    filter: (entry) => {
      total += entry.originalSize;
      return false;
    },
  });
  return total;
}

async function readWorkbook(bytes: Uint8Array): Promise<ImportTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    // What the file declares refuses the plain case at once; the count while inflating decides.
    if (unpackedSize(bytes) > MAX_UNPACKED_BYTES) throw new FileImportRefusal("too_large");
    const counted = unpackBounded(bytes, MAX_UNPACKED_BYTES);
    await workbook.xlsx.load(Buffer.from(counted.buffer, counted.byteOffset, counted.byteLength) as never);
  } catch (error) {
    throw error instanceof FileImportRefusal ? error : new FileImportRefusal("not_spreadsheet");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new FileImportRefusal("empty");
  if (sheet.actualRowCount > MAX_IMPORT_ROWS + 1) throw new FileImportRefusal("too_many_rows");
  const records: { line: number; cells: string[] }[] = [];
  try {
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      const filled = Array.from(cells, (cell) => cell ?? "");
      if (filled.some((cell) => cell.trim())) records.push({ line: rowNumber, cells: filled });
    });
  } catch {
    // A sheet exceljs opened but cannot walk (a broken cell): refused like any unreadable file, never a 500.
    throw new FileImportRefusal("not_spreadsheet");
  }
  // A sheet says nothing of its language: its numbers are numbers; the texts' marks decide (plan).
  return table(records, "en");
}
