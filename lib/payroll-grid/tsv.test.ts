import { describe, expect, it } from "vitest";
import { parseTsv, toTsv } from "./tsv";

describe("clipboard TSV", () => {
  it("reads Excel's CRLF rows with a trailing line end", () => {
    expect(parseTsv("1\t2\r\n3\t4\r\n")).toEqual([["1", "2"], ["3", "4"]]);
  });
  it("reads Google Sheets' LF rows without a trailing line end, empty cells kept", () => {
    expect(parseTsv("a\t\tc\nd\te\t")).toEqual([["a", "", "c"], ["d", "e", ""]]);
  });
  it("reads quoted cells with tabs, newlines and doubled quotes", () => {
    expect(parseTsv('"x\ty"\t"line1\nline2"\t"say ""hi"""\n')).toEqual([["x\ty", "line1\nline2", 'say "hi"']]);
  });
  it("leaves a quote inside an unquoted cell alone", () => {
    expect(parseTsv('12" pipe\t5')).toEqual([['12" pipe', "5"]]);
  });
  it("round-trips", () => {
    const rows = [["a\tb", 'q"'], ["", "x\ny"]];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
  });
  it("a single cell", () => {
    expect(parseTsv("7,5")).toEqual([["7,5"]]);
  });
});
