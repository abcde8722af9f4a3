import { describe, expect, it } from "vitest";
import { countPeriods, packPeriods } from "./periods";

describe("packPeriods", () => {
  it("cuts a year into 12 months", () => {
    const months = packPeriods({ from: "2025-11-01", to: "2026-10-31" }, "months");
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({
      key: "2025-11",
      kind: "month",
      from: "2025-11-01",
      to: "2025-11-30",
      month: "2025-11",
      whole: true,
    });
    expect(months[3]!.to).toBe("2026-02-28");
    expect(months.at(-1)!.key).toBe("2026-10");
  });

  it("cuts partial months at the range's edges", () => {
    const months = packPeriods({ from: "2026-01-15", to: "2026-03-10" }, "months");
    expect(months.map((period) => [period.from, period.to, period.whole])).toEqual([
      ["2026-01-15", "2026-01-31", false],
      ["2026-02-01", "2026-02-28", true],
      ["2026-03-01", "2026-03-10", false],
    ]);
  });

  it("makes quarters of the financial year (April start)", () => {
    const quarters = packPeriods({ from: "2026-04-01", to: "2027-03-31" }, "quarters", 4);
    expect(quarters.map((period) => [period.key, period.from, period.to])).toEqual([
      ["2026-Q1", "2026-04-01", "2026-06-30"],
      ["2026-Q2", "2026-07-01", "2026-09-30"],
      ["2026-Q3", "2026-10-01", "2026-12-31"],
      ["2026-Q4", "2027-01-01", "2027-03-31"],
    ]);
    expect(quarters[3]!.quarter).toEqual({ number: 4, fiscalYear: 2026 });
  });

  it("makes calendar quarters for a January financial year, cut to the range", () => {
    const quarters = packPeriods({ from: "2026-02-01", to: "2026-12-31" }, "quarters");
    expect(quarters.map((period) => [period.key, period.from, period.to, period.whole])).toEqual([
      ["2026-Q1", "2026-02-01", "2026-03-31", false],
      ["2026-Q2", "2026-04-01", "2026-06-30", true],
      ["2026-Q3", "2026-07-01", "2026-09-30", true],
      ["2026-Q4", "2026-10-01", "2026-12-31", true],
    ]);
  });
});

describe("countPeriods", () => {
  it("counts columns without building them", () => {
    expect(countPeriods({ from: "2025-11-01", to: "2026-10-31" }, "months")).toBe(12);
    expect(countPeriods({ from: "2025-01-01", to: "2026-01-31" }, "months")).toBe(13);
    expect(countPeriods({ from: "2025-01-01", to: "2026-02-01" }, "months")).toBe(14);
    expect(countPeriods({ from: "2026-03-31", to: "2026-04-01" }, "quarters", 1)).toBe(2);
    expect(countPeriods({ from: "2026-03-31", to: "2026-04-01" }, "quarters", 4)).toBe(2);
    expect(countPeriods({ from: "2026-04-01", to: "2026-06-30" }, "quarters", 4)).toBe(1);
    expect(countPeriods({ from: "2026-01-01", to: "2026-12-31" }, "single")).toBe(1);
  });
});
