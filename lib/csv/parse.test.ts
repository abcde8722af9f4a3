import { describe, expect, it } from "vitest";
import { decodeSpreadsheetBytes, parseCsvRecords, parseSpreadsheetText, parseTsv } from "./parse";
import { toTsv } from "./write";

describe("clipboard TSV", () => {
  it("reads Excel's CRLF rows with a trailing line end", () => {
    expect(parseTsv("1\t2\r\n3\t4\r\n")).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
  });
  it("reads Google Sheets' LF rows without a trailing line end, empty cells kept", () => {
    expect(parseTsv("a\t\tc\nd\te\t")).toEqual([
      ["a", "", "c"],
      ["d", "e", ""],
    ]);
  });
  it("reads quoted cells with tabs, newlines and doubled quotes", () => {
    expect(parseTsv('"x\ty"\t"line1\nline2"\t"say ""hi"""\n')).toEqual([["x\ty", "line1\nline2", 'say "hi"']]);
  });
  it("leaves a quote inside an unquoted cell alone", () => {
    expect(parseTsv('12" pipe\t5')).toEqual([['12" pipe', "5"]]);
  });
  it("round-trips", () => {
    const rows = [
      ["a\tb", 'q"'],
      ["", "x\ny"],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
  it("a single cell", () => {
    expect(parseTsv("7,5")).toEqual([["7,5"]]);
  });
  it("keeps an empty row inside the block and reads quotes that do not pair up as text", () => {
    expect(parseTsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
    expect(parseTsv('"12" pipe\t5\n"open\tx')).toEqual([
      ['"12" pipe', "5"],
      ['"open', "x"],
    ]);
  });
  it("reads LF inside a quoted cell of CRLF rows (Excel)", () => {
    expect(parseTsv('a\t"x\ny"\r\nb\tc\r\n')).toEqual([
      ["a", "x\ny"],
      ["b", "c"],
    ]);
  });
  it("an empty clipboard is no rows", () => {
    expect(parseTsv("")).toEqual([]);
  });
});

describe("CSV records", () => {
  it("reads a header row and quoted fields, and refuses a line it cannot read", () => {
    expect(parseCsvRecords('\uFEFFID;Name\r\n1;"A;""B"""\r\n', ";")).toEqual([{ ID: "1", Name: 'A;"B"' }]);
    expect(() => parseCsvRecords('ID;Name\r\n1;"open\r\n', ";")).toThrow(/CSV line \d+: Quoted field unterminated/);
  });
});

describe("spreadsheet text", () => {
  it("detects tabs from a spreadsheet paste, semicolons and commas", () => {
    expect(parseSpreadsheetText("id\tfirst_name\n1\tAnna\n\n")).toEqual({
      headers: ["id", "first_name"],
      rows: [["1", "Anna"]],
    });
    expect(parseSpreadsheetText('\uFEFFid;name\r\n1;"A;B"\r\n').rows).toEqual([["1", "A;B"]]);
    expect(parseSpreadsheetText("id,name\n1,Anna\n").rows).toEqual([["1", "Anna"]]);
  });
});

describe("spreadsheet files", () => {
  it("reads UTF-8 files and the Windows-1252 files a German Excel writes", () => {
    expect(decodeSpreadsheetBytes(new TextEncoder().encode("Nachname\nMüller"))).toBe("Nachname\nMüller");
    expect(decodeSpreadsheetBytes(Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0xdf]))).toBe("Müller;ß");
  });
});
