import { describe, expect, it } from "vitest";
import { parseLocaleDate } from "./locale";

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
