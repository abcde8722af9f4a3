import { describe, expect, it } from "vitest";
import { parseSpreadsheetText } from "@/lib/csv/parse";
import { suggestMapping } from "./columns";
import { sampleEmployee, toCsv } from "./sample-rows";
import { checkImportRows, toEmployeeContext } from "./validate-rows";

const context = toEmployeeContext({
  companyId: 1002,
  defaultEntry: "2026-10-01",
  today: "2026-11-21",
  insurers: [{ number: "35561094", name: "BARMER", availableFrom: null, availableTo: null, replacement: null }],
  countries: [{ id: 0, name: "Deutschland", nationality: "deutsch" }],
  usedIds: [101, 102],
});

describe("import rows", () => {
  it("maps German headers without help", () => {
    const mapping = suggestMapping([
      "Personalnummer",
      "Vorname",
      "Nachname",
      "Straße",
      "PLZ",
      "Ort",
      "Geschlecht",
      "Krankenkasse",
      "RVNR",
    ]);
    expect(mapping).toMatchObject({
      id: 0,
      first_name: 1,
      last_name: 2,
      street_address: 3,
      postal_code: 4,
      location: 5,
      sex: 6,
      health_insurance: 7,
      insurance_number: 8,
      email: null,
    });
  });

  it("checks every row: problems per row, ids in use, ids repeated in the file", () => {
    const rows = Array.from({ length: 6 }, (_, index) => sampleEmployee(index, 201 + index, "35561094"));
    rows[1]!.postal_code = "1234";
    rows[2]!.id = "101";
    rows[4]!.id = "201";
    const { headers, rows: cells } = parseSpreadsheetText(toCsv(rows));
    const checked = checkImportRows(cells, suggestMapping(headers), context);
    expect(
      checked.map((row) => [row.row, row.payload !== null, row.inUse, row.problems.map((problem) => problem.code)]),
    ).toEqual([
      [1, true, false, []],
      [2, false, false, ["postalCode"]],
      [3, true, true, ["idInUse"]],
      [4, true, false, []],
      [5, false, false, ["duplicateInFile:1"]],
      [6, true, false, []],
    ]);
    expect(checked[0]!.payload).toMatchObject({ company_id: 1002, id: 201, health_insurance: "35561094" });
  });

  it("refuses ids beyond 9 digits on their row, with no employee id (4294967296 fits no integer column)", () => {
    const rows = ["4294967296", "99999999999999999999", "999999999"].map((id, index) => ({
      ...sampleEmployee(index, 1, "35561094"),
      id,
    }));
    const { headers, rows: cells } = parseSpreadsheetText(toCsv(rows));
    const checked = checkImportRows(cells, suggestMapping(headers), context);
    expect(checked.map((row) => [row.employeeId, row.payload !== null, row.problems])).toEqual([
      [null, false, [{ field: "id", code: "idTooLarge" }]],
      [null, false, [{ field: "id", code: "idTooLarge" }]],
      [999_999_999, true, []],
    ]);
  });

  it("accepts a German spreadsheet: 01.11.2026, w/m, the insurer by name, spaced pension numbers", () => {
    const text = [
      "Personalnummer;Vorname;Nachname;Straße;PLZ;Ort;Geschlecht;Eintritt;Krankenkasse;RVNR",
      "301;Greta;Sommer;Rosenweg 3;50674;Köln;w;01.11.2026;Barmer;65 170839 J 003",
      "302;Jonas;Weber;Hauptstr. 1;50667;Köln;männlich;1.11.2026;35561094;65170839J003",
      "303;Anna;Falsch;Weg 2;50667;Köln;weiblich;01.11.2026;Keine Kasse;65170839J003",
    ].join("\n");
    const { headers, rows: cells } = parseSpreadsheetText(text);
    const checked = checkImportRows(cells, suggestMapping(headers), context);
    expect(checked.map((row) => row.problems)).toEqual([
      [],
      [],
      [{ field: "health_insurance", code: "insurerUnknown" }],
    ]);
    expect(checked[0]!.payload).toMatchObject({
      sex: -1,
      entry: "2026-11-01",
      health_insurance: "35561094",
      insurance_number: "65170839J003",
    });
    expect(checked[1]!.payload).toMatchObject({ sex: 0, entry: "2026-11-01" });
    // The server gets the normalised row (and checks it again).
    expect(checked[0]!.input).toMatchObject({ sex: "-1", entry: "2026-11-01", health_insurance: "35561094" });
    expect(checked[2]!.name).toBe("Anna Falsch");
  });
});
