import { strToU8, zipSync } from "fflate";
import { scaledDecimal } from "@/lib/money/decimal";
import type { Cell, Sheet } from "./sheet";

/**
 * A minimal Office Open XML workbook with one sheet: the title block, then the table (its header
 * row frozen below the title block); amounts are numeric cells (format #,##0.00), text inline
 * strings, group headings, subtotals and the grand total bold. Written on the server.
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

// Style indexes into cellXfs below.
const STYLE = { text: 0, boldText: 1, amount: 2, boldAmount: 3, title: 4 } as const;

function escapeXml(value: string): string {
  // Characters XML 1.0 cannot carry are dropped.
  return value
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: Cell, ref: string, style: "plain" | "bold" | "title"): string {
  if (cell.kind === "empty") return "";
  if (cell.kind === "amount")
    return `<c r="${ref}" s="${style === "plain" ? STYLE.amount : STYLE.boldAmount}"><v>${scaledDecimal(cell.cents, 2)}</v></c>`;
  if (cell.value === "") return "";
  const s = style === "title" ? STYLE.title : style === "bold" ? STYLE.boldText : STYLE.text;
  return `<c r="${ref}" t="inlineStr" s="${s}"><is><t xml:space="preserve">${escapeXml(cell.value)}</t></is></c>`;
}

function sheetXml(sheet: Sheet): string {
  const rows: string[] = [];
  const row = (rowNumber: number, cells: readonly Cell[], style: (column: number) => "plain" | "bold" | "title") =>
    rows.push(
      `<row r="${rowNumber}">${cells.map((cell, column) => cellXml(cell, `${columnName(column)}${rowNumber}`, style(column))).join("")}</row>`,
    );
  // The title block: the title large, each fact's label bold.
  sheet.preamble.forEach((cells, index) =>
    row(index + 1, cells, (column) => (index === 0 ? "title" : column === 0 && cells.length > 1 ? "bold" : "plain")),
  );
  const headerRow = sheet.preamble.length + 1;
  row(
    headerRow,
    sheet.header.map((value) => ({ kind: "text", value })),
    () => "bold",
  );
  sheet.rows.forEach((cells, index) =>
    row(headerRow + 1 + index, cells, () => (sheet.boldRows.has(index) ? "bold" : "plain")),
  );
  const widths = sheet.header.map(
    (_, column) =>
      `<col min="${column + 1}" max="${column + 1}" width="${column === 0 ? 12 : column === 1 ? 40 : 16}" customWidth="1"/>`,
  );
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${widths.join("")}</cols><sheetData>${rows.join("")}</sheetData></worksheet>`
  );
}

const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
  `<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><name val="Calibri"/></font></fonts>` +
  `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
  `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
  `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
  `<cellXfs count="5">` +
  `<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
  `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
  `<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>` +
  `<xf numFmtId="4" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>` +
  `<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>` +
  `</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The workbook's bytes. */
export function toXlsx(sheet: Sheet): Uint8Array {
  const sheetName = escapeXml(sheet.name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1");
  const files: Record<string, string> = {
    "[Content_Types].xml":
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      `</Types>`,
    "_rels/.rels":
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": sheetXml(sheet),
    "xl/styles.xml": STYLES,
  };
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, content]) => [name, strToU8(content)])), {
    level: 6,
  });
}
