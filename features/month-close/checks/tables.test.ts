import { describe, expect, it } from "vitest";
import { MINIJOB_PAY_CAP, MINIMUM_WAGE, valueOn } from "./tables";

describe("dated tables", () => {
  it.each([
    ["2023-12-31", null],
    ["2024-01-01", "12.41"],
    ["2024-12-31", "12.41"],
    ["2025-01-01", "12.82"],
    ["2025-12-31", "12.82"],
    ["2026-01-01", "13.90"],
    ["2026-12-31", "13.90"],
    ["2027-01-01", "14.60"],
    ["2030-06-15", "14.60"],
  ])("minimum wage on %s is %s", (day, value) => {
    expect(valueOn(MINIMUM_WAGE, day)).toBe(value);
  });

  it.each([
    ["2023-12-31", null],
    ["2024-01-01", "538.00"],
    ["2024-12-31", "538.00"],
    ["2025-01-01", "556.00"],
    ["2025-12-31", "556.00"],
    ["2026-01-01", "603.00"],
    ["2026-12-31", "603.00"],
    ["2027-01-01", "633.00"],
  ])("minijob cap on %s is %s", (day, value) => {
    expect(valueOn(MINIJOB_PAY_CAP, day)).toBe(value);
  });

  it("keeps its rows ascending, so a value holds until the next row", () => {
    for (const table of [MINIMUM_WAGE, MINIJOB_PAY_CAP]) {
      const days = table.map((row) => row.from);
      expect([...days].sort()).toEqual(days);
    }
  });
});
