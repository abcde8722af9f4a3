import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";
import { buildRows, totalsOf } from "./rows";
import { buildSheet, type SheetLabels } from "./sheet";
import { toXlsx } from "./xlsx";

const labels: SheetLabels = {
  sheetName: "Trial balance",
  account: "Account",
  id: "ID",
  columns: ["Opening debit", "Opening credit", "Debit", "Credit", "Closing debit", "Closing credit"],
  comparison: ["Previous debit", "Previous credit", "Variance", "Variance %"],
  total: "Total",
};

const rows = buildRows(
  [
    ["a1", 'Sales, "retail" (4000)', "0", "100000", "0", "5050", "0", "105050"],
    ["a2", "=HYPERLINK(1)", "100000", "0", "5050", "0", "105050", "0"],
  ],
  [["a1", "Sales", "0", "0", "0", "0", "0", "80000"]],
  "closing",
);
const sheet = buildSheet(rows, totalsOf(rows, true), labels);

describe("exports of the current view", () => {
  it("CSV: amounts as plain numbers, text quoted and defused, a totals row", () => {
    const lines = toCsv(sheet).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Account,ID,Opening debit,Opening credit,Debit,Credit,Closing debit,Closing credit,Previous debit,Previous credit,Variance,Variance %");
    expect(lines[1]).toBe('"Sales, ""retail"" (4000)",a1,0.00,1000.00,0.00,50.50,0.00,1050.50,0.00,800.00,-250.50,-31.31');
    expect(lines[2]).toBe("'=HYPERLINK(1),a2,1000.00,0.00,50.50,0.00,1050.50,0.00,0.00,0.00,1050.50,");
    expect(lines[3]).toBe("Total,,1000.00,1000.00,50.50,50.50,1050.50,1050.50,0.00,800.00,800.00,100.00");
  });

  it("CSV in German: semicolons between fields and a decimal comma, as German Excel opens it", () => {
    const lines = toCsv(sheet, "de").replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Account;ID;Opening debit;Opening credit;Debit;Credit;Closing debit;Closing credit;Previous debit;Previous credit;Variance;Variance %");
    expect(lines[1]).toBe('"Sales, ""retail"" (4000)";a1;0,00;1000,00;0,00;50,50;0,00;1050,50;0,00;800,00;-250,50;-31,31');
    expect(lines[2]).toBe("'=HYPERLINK(1);a2;1000,00;0,00;50,50;0,00;1050,50;0,00;0,00;0,00;1050,50;");
    expect(lines[3]).toBe("Total;;1000,00;1000,00;50,50;50,50;1050,50;1050,50;0,00;800,00;800,00;100,00");
  });

  it("XLSX: numeric cells that a spreadsheet library reads back", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(toXlsx(sheet)) as unknown as ArrayBuffer);
    const worksheet = workbook.worksheets[0]!;
    expect(worksheet.name).toBe("Trial balance");
    expect(worksheet.getRow(1).getCell(1).value).toBe("Account");
    expect(worksheet.getRow(2).getCell(1).value).toBe('Sales, "retail" (4000)');
    expect(worksheet.getRow(2).getCell(4).value).toBe(1000);
    expect(worksheet.getRow(2).getCell(6).value).toBe(50.5);
    expect(worksheet.getRow(2).getCell(4).numFmt).toBe("#,##0.00");
    expect(worksheet.getRow(2).getCell(12).value).toBeCloseTo(-0.3131, 10);
    expect(worksheet.getRow(4).getCell(1).value).toBe("Total");
    expect(worksheet.getRow(4).getCell(8).value).toBe(1050.5);
    expect(worksheet.getRow(4).getCell(1).font?.bold).toBe(true);
  });
});
