import { describe, expect, it } from "vitest";
import { axisLabels, formatMoney, formatTick, periodKind, periodName, spanName } from "./labels";

const quarter = (q: number, year: string) => `Q${q} ${year}`;

describe("period names", () => {
  it("knows whole months and quarters from other ranges", () => {
    expect(periodKind({ from: "2026-11-01", to: "2026-11-30" })).toEqual({ kind: "month", year: 2026, month: 11 });
    expect(periodKind({ from: "2024-02-01", to: "2024-02-29" })).toEqual({ kind: "month", year: 2024, month: 2 });
    expect(periodKind({ from: "2026-10-01", to: "2026-12-31" })).toEqual({ kind: "quarter", year: "2026", quarter: 4 });
    // Quarters of a financial year from April, named as the table's headings name them; one across the turn of the year.
    expect(periodKind({ from: "2026-04-01", to: "2026-06-30", fyStartMonth: 4 })).toEqual({
      kind: "quarter",
      year: "2026/27",
      quarter: 1,
    });
    expect(periodKind({ from: "2027-01-01", to: "2027-03-31", fyStartMonth: 4 })).toEqual({
      kind: "quarter",
      year: "2026/27",
      quarter: 4,
    });
    expect(periodKind({ from: "2026-12-01", to: "2027-02-28", fyStartMonth: 12 })).toEqual({
      kind: "quarter",
      year: "2026/27",
      quarter: 1,
    });
    expect(periodKind({ from: "2026-01-01", to: "2026-03-31", fyStartMonth: 4 })).toEqual({
      kind: "quarter",
      year: "2025/26",
      quarter: 4,
    });
    expect(periodKind({ from: "2026-02-01", to: "2026-04-30", fyStartMonth: 4 })).toEqual({ kind: "range" });
    expect(periodKind({ from: "2026-11-01", to: "2027-01-31" })).toEqual({ kind: "range" });
    expect(periodKind({ from: "2026-11-01", to: "2026-11-29" })).toEqual({ kind: "range" });
    expect(periodKind({ from: "2026-11-02", to: "2026-11-30" })).toEqual({ kind: "range" });
  });

  it("names a month the locale's way, a quarter through the message, another range by its days", () => {
    expect(periodName("de", { from: "2026-11-01", to: "2026-11-30" }, quarter)).toBe("Nov. 2026");
    expect(periodName("en", { from: "2026-11-01", to: "2026-11-30" }, quarter)).toBe("Nov 2026");
    expect(periodName("de", { from: "2026-03-01", to: "2026-03-31" }, quarter)).toBe("März 2026");
    expect(periodName("en", { from: "2026-01-01", to: "2026-03-31" }, quarter)).toBe("Q1 2026");
    expect(periodName("de", { from: "2026-11-05", to: "2026-11-20" }, quarter)).toBe("5. Nov. – 20. Nov. 2026");
  });

  it("writes the year under the first label shown and wherever the year changes", () => {
    const q = (n: number) => `Q${n}`;
    const months = ["2025-11", "2025-12", "2026-01", "2026-02"].map((month) => ({
      from: `${month}-01`,
      to: `${month}-${month.endsWith("02") ? 28 : month.endsWith("11") ? 30 : 31}`,
    }));
    expect(axisLabels("de", months, 1, q)).toEqual([
      ["Nov", "2025"],
      ["Dez", ""],
      ["Jan", "2026"],
      ["Feb", ""],
    ]);
    // Thinned labels: January is not shown, so February carries the new year.
    expect(axisLabels("en", months.slice(1), 2, q)).toEqual([["Dec", "2025"], null, ["Feb", "2026"]]);
    const quarters = [
      { from: "2026-01-01", to: "2026-03-31" },
      { from: "2026-04-01", to: "2026-06-30" },
    ];
    expect(axisLabels("en", quarters, 1, q)).toEqual([
      ["Q1", "2026"],
      ["Q2", ""],
    ]);
    expect(axisLabels("en", [{ from: "2026-11-05", to: "2026-11-20" }], 1, q)).toEqual([["20 Nov", "2026"]]);
  });

  it("names the whole span", () => {
    expect(
      spanName("en", [
        { from: "2025-11-01", to: "2025-11-30" },
        { from: "2026-10-01", to: "2026-10-31" },
      ]),
    ).toBe("1 Nov 2025 – 31 Oct 2026");
    expect(spanName("en", [])).toBe("");
  });
});

describe("amounts", () => {
  it("formats exact cents with the currency per locale, negatives included", () => {
    expect(formatMoney("de", 123456n, "EUR")).toBe("1.234,56\u00a0€");
    expect(formatMoney("de", -123456n, "EUR")).toBe("-1.234,56\u00a0€");
    expect(formatMoney("en", -123456n, "GBP")).toBe("-£1,234.56");
    // Beyond a float's exact range the cents stay exact.
    expect(formatMoney("en", 9007199254740993n, "GBP")).toBe("£90,071,992,547,409.93");
  });

  it("shows the amount without a currency it cannot name", () => {
    expect(formatMoney("en", 100n, "")).toBe("1.00");
  });

  it("shortens axis ticks", () => {
    expect(formatTick("en", 12000, "GBP")).toBe("£12k");
    expect(formatTick("en", 12500, "GBP")).toBe("£12.5k");
    expect(formatTick("de", 12000, "EUR")).toBe("12.000\u00a0€");
    expect(formatTick("de", 1200000, "EUR")).toBe("1,2\u00a0Mio.\u00a0€");
    expect(formatTick("de", -500, "EUR")).toBe("-500\u00a0€");
  });
});
