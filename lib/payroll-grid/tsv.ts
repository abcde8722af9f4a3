/**
 * The clipboard's tab-separated text as Excel, LibreOffice and Google Sheets write it: rows end
 * with CRLF or LF (the last one optionally), a cell holding a tab, newline or quote is quoted
 * with doubled quotes inside.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let index = 0;
  let atCellStart = true;
  while (index < text.length) {
    const char = text[index];
    if (atCellStart && char === '"') {
      const end = closingQuote(text, index + 1);
      if (end >= 0) {
        cell = text.slice(index + 1, end).replace(/""/g, '"');
        index = end + 1;
        atCellStart = false;
        continue;
      }
    }
    atCellStart = false;
    if (char === "\t") {
      row.push(cell);
      cell = "";
      atCellStart = true;
    } else if (char === "\n" || char === "\r") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atCellStart = true;
      if (char === "\r" && text[index + 1] === "\n") index += 1;
    } else {
      cell += char;
    }
    index += 1;
  }
  if (!atCellStart || cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The quote that closes a quoted cell (followed by a separator or the end), or -1 when the cell is not really quoted. */
function closingQuote(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const quote = text.indexOf('"', index);
    if (quote < 0) return -1;
    if (text[quote + 1] === '"') {
      index = quote + 2;
      continue;
    }
    const next = text[quote + 1];
    return next === undefined || next === "\t" || next === "\n" || next === "\r" ? quote : -1;
  }
  return -1;
}

/** Cells → clipboard text that spreadsheets paste back into the same shape. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => (/[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join("\t")).join("\r\n");
}
