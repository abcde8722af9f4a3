import { describe, expect, it } from "vitest";
import {
  DEFAULT_CUT_OFF_RULE,
  LANDS,
  addBankWorkingDays,
  bankWorkingDaysBetween,
  cutOffDate,
  isBankWorkingDay,
  monthDeadlines,
} from "./deadlines";
import { PUBLISHED_YEARS, REFORMATION_DAY_LANDS } from "./published-deadlines.fixtures";

/** "27.01.2025" → "2025-01-27". */
function iso(german: string): string {
  const [day, month, year] = german.split(".");
  return `${year}-${month}-${day}`;
}

describe("monthDeadlines against the published dates (published-deadlines.fixtures.ts)", () => {
  for (const published of PUBLISHED_YEARS) {
    describe(`${published.year}`, () => {
      for (const land of LANDS) {
        it(`every month in ${land}`, () => {
          for (const [month, statement, due, wageTax] of published.months) {
            const exception = published.exceptions.find((row) => row.month === month && row.lands.includes(land));
            const period = `${published.year}-${month}`;
            const deadlines = monthDeadlines(period, land);
            expect(deadlines, period).toEqual({
              period,
              contributionStatement: iso(exception?.statement ?? statement),
              statementLastDay: expect.any(String) as string,
              contributionsDue: iso(exception?.due ?? due),
              wageTaxReturn: iso(wageTax),
            });
          }
        });
      }
    });
  }

  it("splits October 2025 by Reformation Day", () => {
    for (const land of LANDS) {
      const { contributionStatement, statementLastDay, contributionsDue } = monthDeadlines("2025-10", land);
      const holiday = REFORMATION_DAY_LANDS.includes(land);
      expect([contributionStatement, contributionsDue], land).toEqual(
        holiday ? ["2025-10-24", "2025-10-28"] : ["2025-10-27", "2025-10-29"],
      );
      expect(statementLastDay, land).toBe(holiday ? "2025-10-23" : "2025-10-26");
    }
  });

  it("uses national holidays only without a Land (the contract's January 2026 example)", () => {
    expect(monthDeadlines("2026-01", null)).toEqual({
      period: "2026-01",
      contributionStatement: "2026-01-26",
      statementLastDay: "2026-01-25",
      contributionsDue: "2026-01-28",
      wageTaxReturn: "2026-02-10",
    });
    expect(monthDeadlines("2025-10", null).contributionsDue).toBe("2025-10-29");
  });

  it("refuses a period that is not a month", () => {
    expect(() => monthDeadlines("2025-13", null)).toThrow(RangeError);
    expect(() => monthDeadlines("2025-1", "NW")).toThrow(RangeError);
  });
});

describe("bank working days", () => {
  it("skips weekends, Land holidays, 24.12 and 31.12", () => {
    expect(isBankWorkingDay("2025-10-31", "NI")).toBe(false);
    expect(isBankWorkingDay("2025-10-31", "NW")).toBe(true);
    expect(isBankWorkingDay("2025-12-24", null)).toBe(false);
    expect(isBankWorkingDay("2026-12-31", "BY")).toBe(false);
    expect(isBankWorkingDay("2025-11-01", "BY")).toBe(false);
    expect(isBankWorkingDay("2027-05-27", "BY")).toBe(false);
    expect(isBankWorkingDay("2027-05-27", "SN")).toBe(true); // Corpus Christi only in part of Saxony
  });

  it("adds and counts in both directions", () => {
    expect(addBankWorkingDays("2025-10-29", -2, "NW")).toBe("2025-10-27");
    expect(addBankWorkingDays("2025-12-23", 1, null)).toBe("2025-12-29");
    expect(addBankWorkingDays("2025-10-25", 0, null)).toBe("2025-10-25");
    expect(bankWorkingDaysBetween("2025-12-19", "2025-12-29", null)).toBe(3);
    expect(bankWorkingDaysBetween("2025-12-29", "2025-12-19", null)).toBe(-3);
    expect(bankWorkingDaysBetween("2025-10-01", "2025-10-01", "BB")).toBe(0);
  });
});

describe("cutOffDate", () => {
  it("by default lies three bank working days before the statement's last day", () => {
    expect(DEFAULT_CUT_OFF_RULE).toEqual({ kind: "bank_days_before_statement", days: 3 });
    // October 2025 in NW: statement 27.10. (Monday), last day to send Sunday 26.10.
    expect(cutOffDate("2025-10", "NW", DEFAULT_CUT_OFF_RULE)).toBe("2025-10-22");
    // in NI the statement is 24.10., the last day to send Thursday 23.10.
    expect(cutOffDate("2025-10", "NI", DEFAULT_CUT_OFF_RULE)).toBe("2025-10-20");
    expect(cutOffDate("2025-10", "NI", { kind: "bank_days_before_statement", days: 0 })).toBe("2025-10-23");
  });

  it("moves a day of the month on a non-working day to the bank working day before", () => {
    expect(cutOffDate("2025-10", "NW", { kind: "day_of_month", day: 15 })).toBe("2025-10-15");
    expect(cutOffDate("2025-10", "NW", { kind: "day_of_month", day: 19 })).toBe("2025-10-17"); // Sunday
    expect(cutOffDate("2025-10", "BB", { kind: "day_of_month", day: 3 })).toBe("2025-10-02"); // Unity Day
  });

  it("never lies after the statement's last day, and keeps to short months", () => {
    expect(cutOffDate("2025-10", "NI", { kind: "day_of_month", day: 31 })).toBe("2025-10-23");
    expect(cutOffDate("2026-02", "HH", { kind: "day_of_month", day: 30 })).toBe("2026-02-22");
  });
});
