import { describe, expect, it } from "vitest";
import { comparisonRange, financialYearOf, presetOf, presetRange } from "./presets";

describe("dates", () => {
  it("computes the presets from today", () => {
    const today = "2026-05-20";
    expect(presetRange("thisMonth", today)).toEqual({ from: "2026-05-01", to: "2026-05-31" });
    expect(presetRange("lastMonth", today)).toEqual({ from: "2026-04-01", to: "2026-04-30" });
    expect(presetRange("thisQuarter", today)).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(presetRange("lastQuarter", today)).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect(presetRange("yearToDate", today)).toEqual({ from: "2026-01-01", to: "2026-05-20" });
    expect(presetRange("lastYear", today)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
    expect(presetRange("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("lastQuarter", "2026-02-01")).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(presetOf({ from: "2026-04-01", to: "2026-06-30" }, today)).toBe("thisQuarter");
    expect(presetOf({ from: "2026-04-02", to: "2026-06-30" }, today)).toBeUndefined();
  });

  it("compares with the period before and the year before", () => {
    expect(comparisonRange({ from: "2026-04-01", to: "2026-06-30" }, "period")).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(comparisonRange({ from: "2026-03-01", to: "2026-03-31" }, "period")).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(comparisonRange({ from: "2026-03-10", to: "2026-03-19" }, "period")).toEqual({
      from: "2026-02-28",
      to: "2026-03-09",
    });
    expect(comparisonRange({ from: "2026-01-01", to: "2026-06-30" }, "year")).toEqual({
      from: "2025-01-01",
      to: "2025-06-30",
    });
    expect(comparisonRange({ from: "2024-02-01", to: "2024-02-29" }, "year")).toEqual({
      from: "2023-02-01",
      to: "2023-02-28",
    });
    expect(comparisonRange({ from: "2025-02-01", to: "2025-02-28" }, "year")).toEqual({
      from: "2024-02-01",
      to: "2024-02-29",
    });
  });
});

describe("presets of a financial year starting in April", () => {
  it("follows the financial year in the middle of it", () => {
    const today = "2026-11-30";
    expect(presetRange("thisYear", today, 4)).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect(presetRange("lastYear", today, 4)).toEqual({ from: "2025-04-01", to: "2026-03-31" });
    expect(presetRange("yearToDate", today, 4)).toEqual({ from: "2026-04-01", to: "2026-11-30" });
    expect(presetRange("thisQuarter", today, 4)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetRange("lastQuarter", today, 4)).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(presetRange("q1", today, 4)).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(presetRange("q2", today, 4)).toEqual({ from: "2026-07-01", to: "2026-09-30" });
    expect(presetRange("q3", today, 4)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetRange("q4", today, 4)).toEqual({ from: "2027-01-01", to: "2027-03-31" });
    expect(financialYearOf(today, 4)).toBe(2026);
  });

  it("is still the year that began last April in January to March", () => {
    const today = "2027-02-10";
    expect(presetRange("thisYear", today, 4)).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect(presetRange("yearToDate", today, 4)).toEqual({ from: "2026-04-01", to: "2027-02-10" });
    expect(presetRange("thisQuarter", today, 4)).toEqual({ from: "2027-01-01", to: "2027-03-31" });
    expect(presetRange("lastQuarter", today, 4)).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetRange("q1", today, 4)).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(financialYearOf(today, 4)).toBe(2026);
  });

  it("turns over on the first day of the financial year and not before", () => {
    expect(presetRange("thisYear", "2027-03-31", 4)).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect(presetRange("thisYear", "2027-04-01", 4)).toEqual({ from: "2027-04-01", to: "2028-03-31" });
    expect(presetRange("yearToDate", "2027-04-01", 4)).toEqual({ from: "2027-04-01", to: "2027-04-01" });
    expect(presetRange("lastYear", "2027-04-01", 4)).toEqual({ from: "2026-04-01", to: "2027-03-31" });
    expect(presetOf({ from: "2026-04-01", to: "2027-03-31" }, "2026-12-31", 4)).toBe("thisYear");
  });

  it("keeps calendar years for January and handles a December start across the year end", () => {
    expect(presetRange("thisYear", "2026-05-20")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(presetRange("q4", "2026-05-20")).toEqual({ from: "2026-10-01", to: "2026-12-31" });
    expect(presetRange("thisYear", "2026-11-30", 12)).toEqual({ from: "2025-12-01", to: "2026-11-30" });
    expect(presetRange("thisYear", "2026-12-01", 12)).toEqual({ from: "2026-12-01", to: "2027-11-30" });
    expect(presetRange("q1", "2026-12-01", 12)).toEqual({ from: "2026-12-01", to: "2027-02-28" });
  });
});
