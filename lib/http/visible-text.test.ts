import { describe, expect, it } from "vitest";
import { hasVisibleText, visibleTextSchema } from "./visible-text";

describe("visible text", () => {
  const schema = visibleTextSchema(20);
  const code = (text: string) => {
    const parsed = schema.safeParse(text);
    return parsed.success ? parsed.data : parsed.error.issues.map((issue) => issue.message);
  };

  it.each([
    ["a zero-width space", "\u200b"],
    ["a no-break space, a space and a word joiner", "\u00a0 \u2060"],
    ["a byte-order mark and bidi marks", "\ufeff\u200e\u200f\u202e"],
    ["a combining mark without a base", "\u0301"],
    ["a Hangul filler and a braille blank", "\u3164\u2800"],
    ["a Mongolian vowel separator between no-break spaces", "\u00a0\u180e\u00a0"],
    ["a variation selector", "\ufe0f"],
  ])("refuses %s as invisible", (_name, text) => {
    expect(code(text)).toEqual(["invisible"]);
  });

  it("keeps required and tooLong for empty and long texts", () => {
    expect(code("  ")).toEqual(["required"]);
    // What trim() removes (an ideographic space, a line separator) leaves nothing at all.
    expect(code("\u3000\u2028")).toEqual(["required"]);
    expect(code("x".repeat(21))).toEqual(["tooLong"]);
  });

  it("accepts any visible character, trimmed, also between invisible ones", () => {
    expect(code("\u200bok\u200b")).toBe("\u200bok\u200b");
    expect(code("  Lohn korrigiert  ")).toBe("Lohn korrigiert");
    expect(hasVisibleText("é")).toBe(true);
    expect(hasVisibleText("😀")).toBe(true);
    expect(hasVisibleText("€")).toBe(true);
    expect(hasVisibleText(".")).toBe(true);
  });
});
