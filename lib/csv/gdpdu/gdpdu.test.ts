import { describe, expect, it } from "vitest";
import { parseCsvRecords } from "@/lib/csv/parse";
import { GDPDU_DTD_NAME } from "./dtd";
import { gdpduDtdErrors } from "./testing/validate";
import { gdpduIndexXml } from "./index-xml";
import type { GdpduTable } from "./table";
import { gdpduField, gdpduTableCsv } from "./table-csv";

// The description standard's index.xml validated against its DTD by libxml2 (xmllint, as
// WebAssembly), as an auditor's import would read it; and the CSV it describes read back.

interface Line {
  id: string;
  employeeId: number;
  month: string;
  hours: string;
  note: string | null;
  savedAt: Date;
}

const LINES: GdpduTable<Line> = {
  file: "lines.csv",
  name: "Zeilen",
  description: "Festgeschriebene Zeilen des Monats",
  validity: { from: "2026-11-01", to: "2026-11-30" },
  primaryKey: ["Zeile"],
  columns: [
    { name: "Zeile", type: { kind: "text", maxLength: 40 } },
    { name: "Beschaeftigter", description: "Kennung des Beschäftigten", type: { kind: "numeric", accuracy: 0 } },
    { name: "Datum", type: { kind: "date" } },
    { name: "Stunden", type: { kind: "numeric", accuracy: 2 } },
    { name: "Notiz", type: { kind: "text" } },
    { name: "Gespeichert", description: "Europe/Berlin", type: { kind: "timestamp" } },
  ],
  values: (line) => [line.id, String(line.employeeId), line.month, line.hours, line.note, line.savedAt],
  foreignKeys: [{ columns: ["Beschaeftigter"], references: "Beschaeftigte" }],
};

/** The messages of libxml2's validation of `xml` against the vendored DTD (none: valid). */
function dtdErrors(xml: string): string[] {
  expect(xml).toContain(`<!DOCTYPE DataSet SYSTEM "${GDPDU_DTD_NAME}">`);
  return gdpduDtdErrors(xml);
}

describe("index.xml", () => {
  it("is valid against gdpdu-01-09-2004.dtd", () => {
    const xml = gdpduIndexXml({
      supplier: { name: "Kanzlei Müller & Partner", location: "Berlin", comment: "Export <Z3>" },
      media: "Ledgerlane 30.11.2026",
      tables: [LINES],
    });
    expect(xml).toContain('<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">');
    expect(xml).toContain("<Name>Kanzlei Müller &amp; Partner</Name>");
    expect(xml).toContain("<From>01.11.2026</From><To>30.11.2026</To>");
    expect(dtdErrors(xml)).toEqual([]);
  });

  it("fails validation when the document breaks the DTD (the test can fail)", () => {
    const xml = gdpduIndexXml({ supplier: { name: "a", location: "b", comment: "c" }, media: "m", tables: [LINES] });
    expect(dtdErrors(xml.replace("<Version>1.0</Version>", ""))).toEqual([
      expect.stringContaining("Element DataSet content does not follow the DTD"),
    ]);
  });

  it("refuses a description whose key is not its first column", () => {
    expect(() =>
      gdpduIndexXml({
        supplier: { name: "a", location: "b", comment: "c" },
        media: "m",
        tables: [{ ...LINES, primaryKey: ["Datum"] }],
      }),
    ).toThrow("primary key column Datum must be column 1");
  });
});

describe("the CSV a table describes", () => {
  it("writes the header and one CRLF record per row, values as the description says", () => {
    const csv = gdpduTableCsv(LINES, [
      {
        id: "l1",
        employeeId: 7,
        month: "2026-11-30",
        hours: "1234.5",
        note: 'Sagt "Hallo"; ä',
        savedAt: new Date("2026-11-30T23:30:05Z"),
      },
      {
        id: "l2",
        employeeId: 8,
        month: "2026-11-01",
        hours: "-0.25",
        note: null,
        savedAt: new Date("2026-07-01T10:00:00Z"),
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      '"Zeile";"Beschaeftigter";"Datum";"Stunden";"Notiz";"Gespeichert"',
      '"l1";7;30.11.2026;1234,50;"Sagt ""Hallo""; ä";"01.12.2026 00:30:05"',
      '"l2";8;01.11.2026;-0,25;;"01.07.2026 12:00:00"',
      "",
    ]);
    // Read back as the standard describes it: the same values.
    expect(parseCsvRecords(csv, ";")[0]).toEqual({
      Zeile: "l1",
      Beschaeftigter: "7",
      Datum: "30.11.2026",
      Stunden: "1234,50",
      Notiz: 'Sagt "Hallo"; ä',
      Gespeichert: "01.12.2026 00:30:05",
    });
  });

  it("refuses a value its column cannot hold, rather than write it wrongly", () => {
    expect(() => gdpduField(LINES.columns[3]!, "1.234")).toThrow("Stunden: 1.234 has more than 2 decimals");
    expect(() => gdpduField(LINES.columns[3]!, "1,5")).toThrow("is not a decimal");
    expect(() => gdpduField(LINES.columns[2]!, "30.11.2026")).toThrow("is not YYYY-MM-DD");
  });
});
