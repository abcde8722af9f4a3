import { describe, expect, it } from "vitest";
import { parseCsvRecords } from "./parse";
import { csvField, csvLine, defuseFormula, toTsv } from "./write";

describe("formula defusing", () => {
  it.each([
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(A1)",
    "＝1+1",
    "＋1",
    "－1",
    "＠SUM(A1)",
    "\t=1",
    "\r=1",
    "\tplain",
    "\rplain",
    " =1+1",
    "  +1",
    " -A1",
    " @x",
    " ＝1",
    "\u3000＝1",
    "\u00a0=1",
    "\n=1",
    '=HYPERLINK("http://x")',
  ])("puts an apostrophe before %j", (value) => {
    expect(defuseFormula(value)).toBe(`'${value}`);
  });

  it.each(["-5", "-7,5", "-1234.50", "12", "Anna", " Anna", "a=b", "e-mail", "Bäckerei @ home", ""])(
    "leaves %j as it is",
    (value) => {
      expect(defuseFormula(value)).toBe(value);
    },
  );

  it("defuses in every written field, before quoting", () => {
    expect(csvField("=1;2", ";")).toBe(`"'=1;2"`);
    expect(csvField(" ＋1", ",")).toBe("' ＋1");
    expect(csvLine(["-5", "@x", "a"], ",")).toBe("-5,'@x,a\r\n");
  });
});

describe("CSV fields", () => {
  it("quotes the separator, quotes and line breaks, and nothing else", () => {
    expect(csvField("a;b", ";")).toBe('"a;b"');
    expect(csvField("a;b", ",")).toBe("a;b");
    expect(csvField("a,b", ",")).toBe('"a,b"');
    expect(csvField('say "hi"', ",")).toBe('"say ""hi"""');
    expect(csvField("line1\nline2", ",")).toBe('"line1\nline2"');
    expect(csvField("line1\r\nline2", ",")).toBe('"line1\r\nline2"');
    expect(csvField("plain", ";")).toBe("plain");
  });

  it("round-trips quotes, line breaks and semicolons through the reader", () => {
    const values = ['Kasse "Süd"; Nord', "line1\r\nline2", "a;b;c", '"', "x\ny", "plain"];
    const text = csvLine(["h1", "h2", "h3", "h4", "h5", "h6"], ";") + csvLine(values, ";");
    expect(parseCsvRecords(text, ";")).toEqual([
      { h1: values[0], h2: values[1], h3: values[2], h4: values[3], h5: values[4], h6: values[5] },
    ]);
  });
});

describe("clipboard TSV", () => {
  it("quotes tabs, line breaks and quotes, and keeps formulas as the grid holds them", () => {
    expect(
      toTsv([
        ["a\tb", 'q"', "=1"],
        ["", "x\ny", "-5"],
      ]),
    ).toBe('"a\tb"\t"q"""\t=1\r\n\t"x\ny"\t-5');
  });
});
