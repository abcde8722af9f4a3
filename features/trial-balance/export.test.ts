import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import type { ExportDocument } from "./export/document";
import { documentSheet } from "./sheet";
import { toXlsx } from "./xlsx";

const document: ExportDocument = {
  locale: "en",
  title: "Trial balance",
  facts: [
    { label: "Business", value: "Acme, Ltd" },
    { label: "Period", value: "01/01/2026 – 31/03/2026" },
    { label: "Currency", value: "GBP" },
    { label: "Generated at", value: "24/11/2026, 05:00 UTC" },
  ],
  notices: ["Feb 2026 could not be loaded: the service did not answer."],
  headers: { code: "Code", account: "Account", noFigures: "Not loaded" },
  columns: [
    { label: "Jan 2026", failed: null },
    { label: "Feb 2026", failed: "the service did not answer" },
    { label: "Total", failed: "Not loaded" },
  ],
  groups: [
    {
      label: "Assets",
      rows: [
        { code: "1200", name: 'Bank, "current"', cells: [105050n, null, null] },
        { code: "1210", name: "=HYPERLINK(1)", cells: [-5n, null, null] },
      ],
      subtotal: { code: "", name: "Total Assets", cells: [105045n, null, null] },
    },
    {
      label: "Income",
      rows: [{ code: "4000", name: "Sales", cells: [-105045n, null, null] }],
      subtotal: { code: "", name: "Total Income", cells: [-105045n, null, null] },
    },
  ],
  total: { code: "", name: "All accounts", cells: [0n, null, null] },
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  sheetName: "Trial balance",
};
const sheet = documentSheet(document);

const csvLines = (locale: "en" | "de") =>
  toCsv(sheet, locale)
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");

describe("CSV and XLSX of the export document", () => {
  it("CSV: the title block, a blank line, the header, group headings, accounts, subtotals and the grand total; a failed column empty, never zero", () => {
    expect(csvLines("en")).toEqual([
      "Trial balance",
      'Business,"Acme, Ltd"',
      "Period,01/01/2026 – 31/03/2026",
      "Currency,GBP",
      'Generated at,"24/11/2026, 05:00 UTC"',
      "Feb 2026 could not be loaded: the service did not answer.",
      "",
      "Code,Account,Jan 2026,Feb 2026 (Not loaded),Total (Not loaded)",
      ",Assets",
      '1200,"Bank, ""current""",1050.50,,',
      "1210,'=HYPERLINK(1),-0.05,,",
      ",Total Assets,1050.45,,",
      ",Income",
      "4000,Sales,-1050.45,,",
      ",Total Income,-1050.45,,",
      ",All accounts,0.00,,",
    ]);
  });

  it("CSV: text a spreadsheet would run as a formula is defused, full-width and after white space too", () => {
    const rows = [" =1+1", "＋SUM(A1)", "\t@x", "Sales"].map((name, index) => ({
      code: String(4000 + index),
      name,
      cells: [null, null, null],
    }));
    const lines = toCsv(
      documentSheet({
        ...document,
        groups: [{ label: "Income", rows, subtotal: { code: "", name: "Total Income", cells: [null, null, null] } }],
      }),
      "de",
    ).split("\r\n");
    expect(lines.slice(9, 13)).toEqual(["4000;' =1+1;;;", "4001;'＋SUM(A1);;;", "4002;'\t@x;;;", "4003;Sales;;;"]);
  });

  it("CSV in German: semicolons between fields and a decimal comma, as German Excel opens it", () => {
    const lines = csvLines("de");
    expect(lines[1]).toBe("Business;Acme, Ltd");
    expect(lines[7]).toBe("Code;Account;Jan 2026;Feb 2026 (Not loaded);Total (Not loaded)");
    expect(lines[9]).toBe('1200;"Bank, ""current""";1050,50;;');
    expect(lines[11]).toBe(";Total Assets;1050,45;;");
  });

  it("XLSX: the title block above a frozen header row, numeric cells, bold group headings and subtotals", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(toXlsx(sheet)) as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0]!;
    expect(worksheet.name).toBe("Trial balance");
    expect(worksheet.getRow(1).getCell(1).value).toBe("Trial balance");
    expect(worksheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(worksheet.getRow(2).getCell(1).value).toBe("Business");
    expect(worksheet.getRow(2).getCell(2).value).toBe("Acme, Ltd");
    expect(worksheet.getRow(5).getCell(2).value).toBe("24/11/2026, 05:00 UTC");
    const header = worksheet.getRow(8);
    expect(header.getCell(1).value).toBe("Code");
    expect(header.getCell(4).value).toBe("Feb 2026 (Not loaded)");
    expect(worksheet.views[0]).toMatchObject({ state: "frozen", ySplit: 8 });
    expect(worksheet.getRow(9).getCell(2).value).toBe("Assets");
    expect(worksheet.getRow(9).getCell(2).font?.bold).toBe(true);
    expect(worksheet.getRow(10).getCell(3).value).toBe(1050.5);
    expect(worksheet.getRow(10).getCell(3).numFmt).toBe("#,##0.00");
    expect(worksheet.getRow(10).getCell(4).value).toBeNull();
    expect(worksheet.getRow(10).getCell(2).font?.bold).not.toBe(true);
    expect(worksheet.getRow(12).getCell(2).value).toBe("Total Assets");
    expect(worksheet.getRow(12).getCell(3).font?.bold).toBe(true);
    expect(worksheet.getRow(16).getCell(2).value).toBe("All accounts");
    expect(worksheet.getRow(16).getCell(3).value).toBe(0);
  });
});
