import { describe, expect, it } from "vitest";
import { normaliseDate, parseLocaleDate } from "./locale";

describe("dates", () => {
  it("reads day-first, ISO and bare days of the payroll month", () => {
    expect(parseLocaleDate("15.11.2026", "2026-11")).toBe("2026-11-15");
    expect(parseLocaleDate("5/11/26", "2026-11")).toBe("2026-11-05");
    expect(parseLocaleDate("3.11.", "2026-11")).toBe("2026-11-03");
    expect(parseLocaleDate("7", "2026-11")).toBe("2026-11-07");
    expect(parseLocaleDate("2026-11-1", "2026-11")).toBe("2026-11-01");
    expect(parseLocaleDate("tomorrow", "2026-11")).toBeNull();
  });
});

describe("German spreadsheet dates", () => {
  it("reads dates as 01.11.2026 and 1.11.2026, and leaves ISO dates and nonsense alone", () => {
    expect(normaliseDate("01.11.2026")).toBe("2026-11-01");
    expect(normaliseDate(" 1.2.1990 ")).toBe("1990-02-01");
    expect(normaliseDate("2026-11-01")).toBe("2026-11-01");
    expect(normaliseDate("31.02.2026")).toBe("2026-02-31"); // then refused as a date
    expect(normaliseDate("soon")).toBe("soon");
  });
});
