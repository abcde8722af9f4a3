import { describe, expect, it } from "vitest";
import { periodLabel } from "./period-label";
import { packPeriods } from "../periods";

const labels = (locale: "en" | "de", from: string, to: string, fyStartMonth: number) =>
  packPeriods({ from, to }, "quarters", fyStartMonth).map((period) => periodLabel(locale, period, fyStartMonth));

describe("a pack column's heading", () => {
  it("names the quarters the range clips by their months: 1 Nov 2025 – 31 Oct 2026 in calendar quarters", () => {
    expect(labels("en", "2025-11-01", "2026-10-31", 1)).toEqual([
      "Nov–Dec 2025",
      "Q1 2026",
      "Q2 2026",
      "Q3 2026",
      "Oct 2026",
    ]);
    expect(labels("de", "2025-11-01", "2026-10-31", 1)).toEqual([
      "Nov.–Dez. 2025",
      "Q1 2026",
      "Q2 2026",
      "Q3 2026",
      "Okt. 2026",
    ]);
  });

  it("keeps whole quarters of the financial year as quarters; a clipped one across a new year names both years", () => {
    expect(labels("en", "2026-04-01", "2027-03-31", 4)).toEqual([
      "Q1 2026/27",
      "Q2 2026/27",
      "Q3 2026/27",
      "Q4 2026/27",
    ]);
    // A quarter cut by days still holds all its months: it is named by them, not as the whole quarter.
    expect(labels("en", "2026-01-15", "2026-06-30", 1)).toEqual(["Jan–Mar 2026", "Q2 2026"]);
    expect(labels("de", "2025-12-01", "2026-01-31", 12)).toEqual(["Dez. 2025–Jan. 2026"]);
  });
});
