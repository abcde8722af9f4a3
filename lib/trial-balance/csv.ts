import { centsToDecimal, hundredthsToDecimal } from "./decimal";
import type { Cell, Sheet } from "./sheet";

/**
 * RFC 4180 CSV: comma-separated, CRLF, amounts as plain decimals ("1234.50",
 * no grouping) so spreadsheets read them as numbers. A UTF-8 byte order mark
 * lets Excel see the accents in account names.
 */
export function toCsv(sheet: Sheet): string {
  const lines = [sheet.header.map(quoteText), ...sheet.rows.map((row) => row.map(csvCell))];
  return `\uFEFF${lines.map((cells) => cells.join(",")).join("\r\n")}\r\n`;
}

function csvCell(cell: Cell): string {
  if (cell.kind === "amount") return centsToDecimal(cell.cents);
  if (cell.kind === "percent") return cell.hundredths === null ? "" : hundredthsToDecimal(cell.hundredths);
  return quoteText(cell.value);
}

/** Quotes when needed; text a spreadsheet would run as a formula is defused with a leading apostrophe. */
function quoteText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
