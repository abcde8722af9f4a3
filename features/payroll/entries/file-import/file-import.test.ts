import ExcelJS from "exceljs";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { GridModel } from "@/features/payroll/grid/model";
import { gridSpecFor } from "../grid-spec";
import { MAX_IMPORT_ROWS, type FileImportRefusal } from "./limits";
import { coversFile, hasKnownHeader, suggestMapping } from "./mapping";
import { planImport } from "./plan";
import { readImportTable } from "./server/read-table";

const MONTH = "2026-11";
const employees = [
  { id: 1, name: "Krüger, Anna" },
  { id: 2, name: "Müller-Lüdenscheidt, Jörg" },
  { id: 7, name: "Schmidt, Eva" },
];
const bytes = (text: string) => new TextEncoder().encode(text);

async function plan(fileName: string, content: Uint8Array, kind: "hours" | "payments" = "hours") {
  const table = await readImportTable(fileName, content);
  const mapping = suggestMapping(table.headers, kind);
  return { table, mapping, plan: planImport({ table, mapping, kind, month: MONTH, employees }) };
}

describe("a time-tracking file into the grid", () => {
  it("reads a German CSV: `;`, decimal comma, 26.11.2026, German headers and labels", async () => {
    const csv = [
      "Personalnummer;Name;Datum;Lohnart;Stunden;Stundensatz;Kostenstelle",
      "1;Krüger, Anna;26.11.2026;Stundenlohn;7,5;13,50;K100",
      "",
      "7;Schmidt, Eva;02.11.2026;Überstunden;1.234,25;18;",
      "99999;Niemand, Nina;03.11.2026;Stundenlohn;8;12;",
    ].join("\r\n");
    const { mapping, plan: result } = await plan("export.csv", bytes(csv));
    expect(mapping).toMatchObject({
      personalnummer: "personnel_number",
      name: "employee_name",
      datum: "date",
      stunden: "total_hours",
    });
    expect(result.locale.numbers).toBe("de");
    expect(result.lines).toEqual([
      {
        row: 2,
        employeeId: 1,
        cells: ["HOURLY_WAGE", "7.5", "13.5", "", "2026-11-26", "K100", ""],
        errors: expect.any(Array),
      },
      {
        row: 4,
        employeeId: 7,
        cells: ["ADDITIONAL_OVERTIME", "1234.25", "18", "", "2026-11-02", "", ""],
        errors: expect.any(Array),
      },
    ]);
    // The unknown personnel number is listed with its row (the blank line 3 still counts), not dropped.
    expect(result.unmatched).toEqual([{ row: 5, value: "99999", reason: "unknown_number" }]);
    expect(result.employeeCount).toBe(2);
  });

  it("reads an English CSV: `,`, decimal point, 11/26/2026, matched by name without a number", async () => {
    const csv =
      'Employee name,Date,Wage type,Hours,Hourly rate\n"Krüger, Anna",11/26/2026,Hourly wage,7.5,13.50\nJörg Müller-Lüdenscheidt,11/02/2026,Night supplement 25 %,2.25,3\nNobody Here,11/03/2026,Hourly wage,1,1\n';
    const { plan: result } = await plan("export.csv", bytes(csv));
    expect(result.locale).toEqual({ numbers: "en", slashDates: "month-first" });
    expect(result.lines.map((line) => [line.employeeId, line.cells[0], line.cells[1], line.cells[4]])).toEqual([
      [1, "HOURLY_WAGE", "7.5", "2026-11-26"],
      [2, "NIGHT_SUPPLEMENT_25", "2.25", "2026-11-02"],
    ]);
    expect(result.unmatched).toEqual([{ row: 4, value: "Nobody Here", reason: "unknown_name" }]);
  });

  it("reads an XLSX built with exceljs: numbers, real dates and a formula; checks like a typed cell", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Zeiten");
    sheet.addRow(["Personnel number", "Date", "Wage type", "Hours", "Rate"]);
    sheet.addRow([1, new Date(Date.UTC(2026, 10, 26)), "Hourly wage", 7.5, 13.5]);
    sheet.addRow([2, new Date(Date.UTC(2026, 9, 30)), "Overtime", { formula: "1+1", result: 2 }, -4]);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { plan: result } = await plan("zeiten.xlsx", content);
    expect(result.lines[0]?.cells).toEqual(["HOURLY_WAGE", "7.5", "13.5", "", "2026-11-26", "", ""]);
    expect(result.lines[1]?.cells.slice(0, 5)).toEqual(["ADDITIONAL_OVERTIME", "2", "-4", "", "2026-10-30"]);
    // The same validation as the grid's: a negative rate and a day outside the month.
    const expected = gridSpecFor("hours", MONTH).evaluate(result.lines[1]!.cells).errors;
    expect(result.lines[1]?.errors).toEqual(expected);
    expect(result.lines[1]?.errors.filter(Boolean).length).toBe(2);
    expect(result.problemCount).toBe(2);
  });

  it("payments: Betrag and Anzahl with decimal comma", async () => {
    const csv = "Pers.-Nr.;Lohnart;Anzahl;Betrag\n1;Reisekosten;2;12,40\n";
    const { plan: result } = await plan("zahlungen.csv", bytes(csv), "payments");
    expect(result.lines[0]?.cells).toEqual(["TRAVEL_COSTS", "2", "12.4"]);
  });

  it("refuses a file that is not CSV or XLSX, an empty one, too many rows, and no known column", async () => {
    const reason = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: FileImportRefusal) => error.reason,
      );
    expect(await reason(readImportTable("x.pdf", new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3])))).toBe(
      "not_spreadsheet",
    );
    expect(await reason(readImportTable("x.xlsx", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 9, 9, 9])))).toBe(
      "not_spreadsheet",
    );
    expect(await reason(readImportTable("x.csv", new Uint8Array()))).toBe("empty");
    // A zip that unpacks to more than an export ever holds is refused before it is read.
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(65 * 1024 * 1024) }, { level: 1 });
    expect(await reason(readImportTable("bomb.xlsx", bomb))).toBe("too_large");
    expect(await reason(readImportTable("x.csv", bytes("\n\n  \n")))).toBe("empty");
    expect(await reason(readImportTable("x.csv", bytes("Name;Stunden\n")))).toBe("no_rows");
    const many = ["Name;Stunden", ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => "A;1")].join("\n");
    expect(await reason(readImportTable("x.csv", bytes(many)))).toBe("too_many_rows");
    expect(hasKnownHeader(["Foo", "Bar"], "hours", null)).toBe(false);
    expect(hasKnownHeader(["Foo", "Bar"], "hours", { foo: "total_hours" })).toBe(true);
  });

  it("a remembered mapping is used for the headers it names and covers the file: no mapping step", () => {
    const headers = ["MA", "Tag", "Std."];
    expect(coversFile(headers, "hours", null)).toBe(false);
    const remembered = { ma: "personnel_number", tag: "date", "std.": "total_hours" };
    expect(suggestMapping(headers, "hours", remembered)).toEqual(remembered);
    expect(coversFile(headers, "hours", remembered)).toBe(true);
  });

  it("applies into the grid as one undoable step: a blank only line is filled, the rest added after it", () => {
    const model = new GridModel(gridSpecFor("hours", MONTH), { locale: "de", month: MONTH }, [1, 2, 7], []);
    model.insertLineAfter(
      model.lines.find((line) => line.employeeId === 2)!,
      ["HOURLY_WAGE", "1", "1", "", "", "", ""],
    );
    const before = model.lines.map((line) => [line.employeeId, ...line.cells]);
    const added = model.importLines([
      { employeeId: 1, cells: ["HOURLY_WAGE", "7.5", "13.5", "", "", "", ""] },
      { employeeId: 1, cells: ["SUNDAY_PREMIUM", "2", "3", "", "", "", ""] },
      { employeeId: 2, cells: ["ADDITIONAL_OVERTIME", "1", "18", "", "", "", ""] },
    ]);
    expect(added).toBe(3);
    expect(model.lines.map((line) => [line.employeeId, line.cells[0]])).toEqual([
      [1, "HOURLY_WAGE"],
      [1, "SUNDAY_PREMIUM"],
      [2, ""],
      [2, "HOURLY_WAGE"],
      [2, "ADDITIONAL_OVERTIME"],
      [7, ""],
    ]);
    expect(model.undo()).toBe(true);
    expect(model.lines.map((line) => [line.employeeId, ...line.cells])).toEqual(before);
  });
});
