import { describe, expect, it } from "vitest";
import {
  collator,
  countryName,
  currencyName,
  formatDateRange,
  formatDay,
  formatMonth,
  formatMonthName,
  formatMonthShort,
  formatQuarter,
  languageName,
} from "./format";

describe("payroll dates and months", () => {
  it("shows a day as 30.11.2026 in German and 30/11/2026 in English, on its own day whatever the time zone", () => {
    expect(formatDay("de", "2026-11-30")).toBe("30.11.2026");
    expect(formatDay("en", "2026-11-30")).toBe("30/11/2026");
    expect(formatDay("de", "2015-01-01T00:00:00")).toBe("01.01.2015");
    expect(formatDay("de", "")).toBe("");
    expect(formatDay("de", null)).toBe("");
  });

  it("shows a month as November 2026", () => {
    expect(formatMonth("de", "2026-11")).toBe("November 2026");
    expect(formatMonth("de", "2026-03")).toBe("März 2026");
    expect(formatMonth("en", "2026-11")).toBe("November 2026");
    expect(formatMonth("de", "soon")).toBe("soon");
  });
});

describe("names of codes", () => {
  it("names countries, currencies and languages in the person's language", () => {
    expect(countryName("de", "GB")).toBe("Vereinigtes Königreich");
    expect(countryName("en", "de")).toBe("Germany");
    expect(currencyName("de", "EUR")).toBe("Euro");
    expect(currencyName("en", "GBP")).toBe("British Pound");
    expect(languageName("de", "en-GB")).toBe("Englisch (Vereinigtes Königreich)");
  });

  it("falls back when the code is unknown or malformed", () => {
    expect(countryName("de", "QQ", "Somewhere")).toBe("Somewhere");
    expect(currencyName("de", "not a code")).toBe("not a code");
    expect(countryName("de", null)).toBe("");
  });

  it("sorts by the locale's collation", () => {
    expect(["Zypern", "Österreich", "Oman"].sort(collator("de").compare)).toEqual(["Oman", "Österreich", "Zypern"]);
  });
});

describe("formatDateRange", () => {
  it("names a period with the year once when both dates share it", () => {
    expect(formatDateRange("en", "2026-11-01", "2026-11-30")).toBe("1 Nov – 30 Nov 2026");
    expect(formatDateRange("de", "2026-11-01", "2026-11-30")).toBe("1. Nov. – 30. Nov. 2026");
  });

  it("writes both years across a year's end", () => {
    expect(formatDateRange("en", "2025-10-01", "2026-03-31")).toBe("1 Oct 2025 – 31 Mar 2026");
    expect(formatDateRange("de", "2025-12-01", "2026-01-31")).toBe("1. Dez. 2025 – 31. Jan. 2026");
  });
});

describe("the trial balance pack's headings", () => {
  it("writes months short, German with its period", () => {
    expect(formatMonthShort("de", "2026-11")).toBe("Nov. 2026");
    expect(formatMonthShort("en", "2026-11")).toBe("Nov 2026");
    expect(formatQuarter(1, 2026, 1)).toBe("Q1 2026");
    expect(formatQuarter(4, 2026, 4)).toBe("Q4 2026/27");
    expect(formatQuarter(2, 2099, 7)).toBe("Q2 2099/00");
    expect(formatMonthName("de", 3)).toBe("März");
    expect(formatMonthName("en", 4)).toBe("April");
  });
});
