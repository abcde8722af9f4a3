import { describe, expect, it } from "vitest";
import { parseLocaleNumber, showCents, showPercent, withCents } from "./locale";

describe("numbers by locale", () => {
  it("German: comma decimal, point thousands", () => {
    expect(parseLocaleNumber("7,5", "de")).toBe("7.5");
    expect(parseLocaleNumber("1.234,50", "de")).toBe("1234.5");
    expect(parseLocaleNumber("1.234", "de")).toBe("1234");
    expect(parseLocaleNumber("12.5", "de")).toBe("12.5");
    expect(parseLocaleNumber("−3,25 €", "de")).toBe("-3.25");
  });
  it("English: point decimal, comma thousands", () => {
    expect(parseLocaleNumber("7.5", "en")).toBe("7.5");
    expect(parseLocaleNumber("1,234.50", "en")).toBe("1234.5");
    expect(parseLocaleNumber("12,5", "en")).toBe("12.5");
    expect(parseLocaleNumber("007.50", "en")).toBe("7.5");
    expect(parseLocaleNumber(".5", "en")).toBe("0.5");
    expect(parseLocaleNumber("-0", "en")).toBe("0");
  });
  it("refuses what is not a number", () => {
    expect(parseLocaleNumber("abc", "en")).toBeNull();
    expect(parseLocaleNumber("1.2.3", "en")).toBeNull();
    expect(parseLocaleNumber("-", "en")).toBeNull();
  });
});

describe("amounts for people", () => {
  it("shows exact cents in the person's format, beyond float precision too", () => {
    expect(showCents("de", 123456n)).toBe("1.234,56");
    expect(showCents("en", -5n)).toBe("-0.05");
    expect(showCents("de", 9007199254740993n)).toBe("90.071.992.547.409,93");
  });
  it("shows hundredths of a percent", () => {
    expect(showPercent("en", 1234n)).toBe("12.34%");
    expect(showPercent("de", -50n)).toBe("-0,50\u00a0%");
  });
  it("pads money to cents, never cutting stored digits", () => {
    expect(withCents("15.5")).toBe("15.50");
    expect(withCents("-250")).toBe("-250.00");
    expect(withCents("0.125")).toBe("0.125");
  });
});
