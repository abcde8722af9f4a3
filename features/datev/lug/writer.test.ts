import { describe, expect, it } from "vitest";
import { makeDatevFile } from "../export/make-file";
import { decodeWindows1252, encodeWindows1252 } from "../lodas/windows-1252";
import type { LodasRecord } from "../lodas/writer";
import { lugDescriptionFileName, lugDescriptionText } from "./description";
import { lugFileName, lugText } from "./writer";

/**
 * No public specification of LuG's ASCII import exists: these tests check our writer against our own
 * format description. The reader below knows nothing of ./layout.ts: it learns separator, decimal
 * sign, header lines and the fields (name, type, length, required) from the description file, as
 * LuG would from the format the firm entered, and then reads and checks the data file by it.
 */
function readDescription(bytes: Uint8Array) {
  const text = decodeWindows1252(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  const settings: Record<string, string> = {};
  const fields: { name: string; type: string; length: number; required: boolean }[] = [];
  let section = "";
  for (const line of text.slice(0, -2).split("\r\n")) {
    if (line.startsWith("*") || line === "") continue;
    if (line.startsWith("[")) section = line;
    else if (section === "[Allgemein]") {
      const [key = "", ...rest] = line.split("=");
      settings[key] = rest.join("=");
    } else if (section === "[Felder]" && !line.startsWith("Nr")) {
      const [, name = "", type = "", length = "", required = ""] = line.split(settings.Feldtrennzeichen ?? ";");
      fields.push({ name, type, length: Number(length), required: required === "ja" });
    }
  }
  return { settings, fields };
}

function readLug(bytes: Uint8Array, description: ReturnType<typeof readDescription>) {
  const { settings, fields } = description;
  expect(settings.Zeichensatz).toContain("Windows-1252");
  expect(settings.Zeilenende).toBe("CRLF");
  const text = decodeWindows1252(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  expect(
    text
      .slice(0, -2)
      .split("\r\n")
      .every((line) => !line.includes("\r") && !line.includes("\n")),
  ).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  const header = lines.slice(0, Number(settings.Kopfzeilen));
  const separator = settings.Feldtrennzeichen ?? "";
  const records = lines.slice(Number(settings.Kopfzeilen)).map((line) => {
    const values = line.split(separator);
    expect(values).toHaveLength(fields.length);
    return Object.fromEntries(
      fields.map((field, index) => {
        const value = values[index] ?? "";
        expect(value.length).toBeLessThanOrEqual(field.length);
        if (field.required) expect(value).not.toBe("");
        if (field.type === "Ganzzahl") expect(value).toMatch(/^\d+$/);
        if (field.type === "Dezimalzahl")
          expect(value).toMatch(new RegExp(`^-?\\d{1,7}(${settings.Dezimalzeichen}\\d{1,2})?$`));
        if (field.type === "Monat") expect(settings.Datumsformat).toBe("MM/JJJJ");
        if (field.type === "Monat") expect(value).toMatch(/^(0[1-9]|1[0-2])\/\d{4}$/);
        return [field.name, value];
      }),
    );
  });
  return { header, records };
}

const record = (overrides: Partial<LodasRecord> = {}): LodasRecord => ({
  personnelNumber: 17,
  wageTypeNumber: 100,
  processingKey: 1,
  value: "160.5",
  costCentre: "",
  costUnit: "",
  ...overrides,
});

const description = readDescription(encodeWindows1252(lugDescriptionText()));

describe("the Lohn und Gehalt file, read by its own format description", () => {
  it("describes six fields in order, the code page, the line end and two header lines", () => {
    expect(description.fields.map((field) => field.name)).toEqual([
      "Personalnummer",
      "Lohnart",
      "Wert",
      "Kostenstelle",
      "Kostentraeger",
      "Abrechnungsmonat",
    ]);
    expect(description.settings).toMatchObject({ Kopfzeilen: "2", Feldtrennzeichen: ";", Dezimalzeichen: "," });
    // The description is the same bytes every time: the firm enters it once.
    expect(lugDescriptionText()).toBe(lugDescriptionText());
    expect(lugDescriptionFileName(1234567, 10102)).toBe("1234567_10102_LuG_Formatbeschreibung_V1.txt");
  });

  it("writes one record per line with the decimal comma, empty optional fields and the month", () => {
    const text = lugText({
      period: "2026-11",
      comments: ["Ledgerlane: Bewegungsdaten November 2026, Runde 1"],
      records: [
        record(),
        record({
          personnelNumber: 99999,
          wageTypeNumber: 9999,
          value: "-12.30",
          costCentre: "Küche",
          costUnit: "€-Öl ß",
        }),
        record({ value: "1234567.25" }),
      ],
    });
    const bytes = encodeWindows1252(text);
    // Windows-1252: ü is one byte (0xFC), € is 0x80.
    expect(bytes.includes(0xfc) && bytes.includes(0x80)).toBe(true);
    expect([...bytes].filter((byte) => byte === 0x0a).length).toBe(5);
    const read = readLug(bytes, description);
    expect(read.header).toEqual([
      "* Ledgerlane: Bewegungsdaten November 2026, Runde 1",
      "Personalnummer;Lohnart;Wert;Kostenstelle;Kostentraeger;Abrechnungsmonat",
    ]);
    expect(read.records).toEqual([
      {
        Personalnummer: "17",
        Lohnart: "100",
        Wert: "160,5",
        Kostenstelle: "",
        Kostentraeger: "",
        Abrechnungsmonat: "11/2026",
      },
      {
        Personalnummer: "99999",
        Lohnart: "9999",
        Wert: "-12,30",
        Kostenstelle: "Küche",
        Kostentraeger: "€-Öl ß",
        Abrechnungsmonat: "11/2026",
      },
      {
        Personalnummer: "17",
        Lohnart: "100",
        Wert: "1234567,25",
        Kostenstelle: "",
        Kostentraeger: "",
        Abrechnungsmonat: "11/2026",
      },
    ]);
    expect(lugFileName(1234567, 10102, "2026-11")).toBe("1234567_10102_11_2026_LuG.txt");
  });

  it("is what the export makes for a LuG company: the file's name, a correction in its one comment line", () => {
    const made = makeDatevFile({
      program: "lug",
      period: "2026-11",
      consultantNumber: 1234567,
      clientNumber: 10102,
      wageTypes: { HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" } },
      employees: [{ id: 1, name: "Anna Äbi", personnelNumber: 11 }],
      lines: {
        hours: [{ id: "h1", employee_id: 1, values: { type: "HOURLY_WAGE", total_hours: "7.5" } }],
        payments: [],
      },
      round: 2,
      earlier: { createdAt: new Date("2026-12-02T09:00:00Z"), sha256: "ab".repeat(32) },
    });
    if (!made.ok) throw new Error("refused");
    expect(made.fileName).toBe("1234567_10102_11_2026_LuG.txt");
    const read = readLug(made.bytes, description);
    expect(read.header[0]).toContain("KORREKTUR: ersetzt den Export vom 02.12.2026");
    expect(read.header[0]).toContain("in Lohn und Gehalt entfernen");
    expect(read.records).toEqual([
      {
        Personalnummer: "11",
        Lohnart: "100",
        Wert: "7,5",
        Kostenstelle: "",
        Kostentraeger: "",
        Abrechnungsmonat: "11/2026",
      },
    ]);
  });

  it("refuses a cost centre longer than the description's length before any file", () => {
    const made = makeDatevFile({
      program: "lug",
      period: "2026-11",
      consultantNumber: 1234567,
      clientNumber: 10102,
      wageTypes: { HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" } },
      employees: [{ id: 1, name: "Anna Äbi", personnelNumber: 11 }],
      lines: {
        hours: [
          {
            id: "h1",
            employee_id: 1,
            values: { type: "HOURLY_WAGE", total_hours: "7.5", cost_center_id: "x".repeat(21) },
          },
        ],
        payments: [],
      },
      round: 1,
      earlier: null,
    });
    expect(made.ok ? [] : made.problems).toEqual([
      expect.objectContaining({ code: "tooLong", field: "costCentre", max: 20, employee: "Anna Äbi" }),
    ]);
  });
});
