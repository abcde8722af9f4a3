import { describe, expect, it } from "vitest";
import { decodeWindows1252, encodeWindows1252, unencodableCharacters } from "./windows-1252";
import { lodasFileName, lodasText, type LodasFileInput, type LodasRecord } from "./writer";

/**
 * A small LODAS reader, written here and nowhere else: it reads the file the way the manual's
 * layout describes it (sections, key=value header, a record description naming the fields, records
 * by their description's number), so the writer is checked against the format, not against itself.
 */
function readLodas(bytes: Uint8Array) {
  const text = decodeWindows1252(bytes);
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  const header: Record<string, string> = {};
  const descriptions = new Map<string, { type: string; fields: string[] }>();
  const records: Record<string, string>[] = [];
  const comments: string[] = [];
  let section = "";
  for (const line of lines) {
    if (line.startsWith("[")) section = line;
    else if (line === "") continue;
    else if (line.startsWith(header.Kommentarzeichen ?? "\u0000")) comments.push(line.slice(1).trim());
    else if (section === "[Allgemein]") {
      const [key = "", ...rest] = line.split("=");
      header[key] = rest.join("=");
    } else {
      const parts = line.split(header.Feldtrennzeichen ?? ";");
      expect(parts.pop()).toBe(""); // each line ends with the separator
      const [number = "", ...values] = parts;
      if (section === "[Satzbeschreibung]")
        descriptions.set(number, { type: values[0] ?? "", fields: values.slice(1) });
      else {
        const description = descriptions.get(number);
        if (!description) throw new Error(`record ${number} has no description`);
        expect(values).toHaveLength(description.fields.length);
        records.push(Object.fromEntries(description.fields.map((field, index) => [field, values[index] ?? ""])));
      }
    }
  }
  return { header, descriptions, records, comments };
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

const file = (overrides: Partial<LodasFileInput> = {}): LodasFileInput => ({
  consultantNumber: 1234567,
  clientNumber: 10102,
  period: "2026-11",
  records: [record()],
  ...overrides,
});

describe("the LODAS file", () => {
  it("starts with the [Allgemein] header: target, interface version, consultant, client, separators, date format, comment sign", () => {
    const lines = lodasText(file()).split("\r\n");
    expect(lines.slice(0, 9)).toEqual([
      "[Allgemein]",
      "Ziel=LODAS",
      "Version_SST=1.0",
      "BeraterNr=1234567",
      "MandantenNr=10102",
      "Feldtrennzeichen=;",
      "Zahlenkomma=,",
      "Datumsformat=TT.MM.JJJJ",
      "Kommentarzeichen=*",
    ]);
  });

  it("declares u_lod_bwd_buchung_standard with its fields, kostentraeger only when a line has a cost unit", () => {
    const plain = lodasText(file()).split("\r\n");
    expect(plain).toContain(
      "1;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;kostenstelle#bwd;",
    );
    const withUnit = lodasText(file({ records: [record(), record({ costUnit: "KT9" })] })).split("\r\n");
    expect(withUnit).toContain(
      "1;u_lod_bwd_buchung_standard;abrechnung_zeitraum#bwd;pnr#bwd;la_eigene#bwd;bs_nr#bwd;bs_wert_butab#bwd;kostenstelle#bwd;kostentraeger#bwd;",
    );
    expect(withUnit.at(-3)).toBe("1;01.11.2026;17;100;1;160,5;;;");
    expect(withUnit.at(-2)).toBe("1;01.11.2026;17;100;1;160,5;;KT9;");
  });

  it("writes each field: the period's first day as TT.MM.JJJJ, decimal comma, empty optional fields", () => {
    const text = lodasText(
      file({
        records: [
          record({ value: "8", costCentre: "4711" }),
          record({ personnelNumber: 99999, wageTypeNumber: 9999, processingKey: 4, value: "-12.30" }),
          record({ value: "0.25" }),
        ],
      }),
    );
    const movement = text.split("[Bewegungsdaten]\r\n")[1];
    expect(movement).toBe(
      "1;01.11.2026;17;100;1;8;4711;\r\n1;01.11.2026;99999;9999;4;-12,30;;\r\n1;01.11.2026;17;100;1;0,25;;\r\n",
    );
  });

  it("ends every line in CRLF, and no line in a bare LF or CR", () => {
    const text = lodasText(file({ comments: ["Korrektur"] }));
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("writes comment lines behind the comment sign, before the record description", () => {
    const lines = lodasText(file({ comments: ["Ledgerlane", "Korrektur"] })).split("\r\n");
    expect(lines.indexOf("* Korrektur")).toBeLessThan(lines.indexOf("[Satzbeschreibung]"));
    expect(lines.indexOf("* Korrektur")).toBeGreaterThan(lines.indexOf("Kommentarzeichen=*"));
  });

  it("encodes ä ö ü ß € as Windows-1252's single bytes", () => {
    const bytes = encodeWindows1252(lodasText(file({ records: [record({ costCentre: "Bäckerei Öl Süß €" })] })));
    const line = Buffer.from(bytes)
      .toString("latin1")
      .split("\r\n")
      .find((text) => text.startsWith("1;01.11.2026"));
    expect(line).toBeDefined();
    const costCentre = Buffer.from(line?.split(";")[6] ?? "", "latin1");
    expect([...costCentre]).toEqual([
      ...Buffer.from("B"),
      0xe4,
      ...Buffer.from("ckerei "),
      0xd6,
      ...Buffer.from("l S"),
      0xfc,
      0xdf,
      0x20,
      0x80,
    ]);
  });

  it("names what Windows-1252 cannot hold", () => {
    expect(unencodableCharacters("Kostenstelle äöüß€")).toEqual([]);
    // ó is in Windows-1252, Ł, ź and ✓ are not; each is named once.
    expect(unencodableCharacters("Łódź ✓ Łx")).toEqual(["Ł", "ź", "✓"]);
  });

  it("round-trips through a reader: header, description and every record as written", () => {
    const records = [
      record({ costCentre: "Küche", costUnit: "Straße 5" }),
      record({ personnelNumber: 2, wageTypeNumber: 200, processingKey: 4, value: "1234567.89", costCentre: "€-Bar" }),
    ];
    const read = readLodas(encodeWindows1252(lodasText(file({ records, comments: ["Korrektur für 11/2026"] }))));
    expect(read.header).toMatchObject({ Ziel: "LODAS", BeraterNr: "1234567", MandantenNr: "10102" });
    expect(read.comments).toEqual(["Korrektur für 11/2026"]);
    expect(read.descriptions.get("1")?.type).toBe("u_lod_bwd_buchung_standard");
    expect(read.records).toEqual(
      records.map((written) => ({
        "abrechnung_zeitraum#bwd": "01.11.2026",
        "pnr#bwd": String(written.personnelNumber),
        "la_eigene#bwd": String(written.wageTypeNumber),
        "bs_nr#bwd": String(written.processingKey),
        "bs_wert_butab#bwd": written.value.replace(".", ","),
        "kostenstelle#bwd": written.costCentre,
        "kostentraeger#bwd": written.costUnit,
      })),
    );
  });

  it("is named <consultant>_<client>_<MM>_<YYYY>_Lodas.txt", () => {
    expect(lodasFileName(1234567, 10102, "2026-03")).toBe("1234567_10102_03_2026_Lodas.txt");
  });
});
