import { describe, expect, it } from "vitest";
import { byUrgency, daysBetween, matchesFilters, nextDeadline, overdueOf } from "./urgency";

// November 2026 in NRW: cut-off 18.11 (3 bank days before the statement's last day), statement
// with the insurer at 0:00 of 24.11 (last day to send 23.11), contributions due 26.11, wage tax 10.12.
const NOVEMBER = {
  cutOff: "2026-11-18",
  contributionStatement: "2026-11-24",
  statementLastDay: "2026-11-23",
  contributionsDue: "2026-11-26",
  wageTaxReturn: "2026-12-10",
};

describe("the next date", () => {
  it("is the next of cut-off, the statement's last day to send, contributions due and wage tax, today included", () => {
    expect(nextDeadline(NOVEMBER, "2026-11-01")).toEqual({ kind: "cut_off", date: "2026-11-18", daysLeft: 17 });
    expect(nextDeadline(NOVEMBER, "2026-11-18")).toEqual({ kind: "cut_off", date: "2026-11-18", daysLeft: 0 });
    expect(nextDeadline(NOVEMBER, "2026-11-19")).toEqual({
      kind: "contribution_statement",
      date: "2026-11-23",
      daysLeft: 4,
    });
    expect(nextDeadline(NOVEMBER, "2026-11-24")).toEqual({
      kind: "contributions_due",
      date: "2026-11-26",
      daysLeft: 2,
    });
    expect(nextDeadline(NOVEMBER, "2026-11-27")).toEqual({ kind: "wage_tax_return", date: "2026-12-10", daysLeft: 13 });
    expect(nextDeadline(NOVEMBER, "2026-12-11")).toBeNull();
  });

  it("counts whole days across the change to winter time and month ends", () => {
    expect(daysBetween("2026-10-24", "2026-10-26")).toBe(2);
    expect(daysBetween("2026-02-27", "2026-03-01")).toBe(2);
    expect(daysBetween("2026-03-01", "2026-02-27")).toBe(-2);
  });
});

describe("overdue", () => {
  it("from the day after the statement's last day to send, until the month is transferred", () => {
    expect(overdueOf("in_review", NOVEMBER, "2026-11-23")).toEqual({ overdue: false, overdueDays: null });
    expect(overdueOf("in_review", NOVEMBER, "2026-11-24")).toEqual({ overdue: true, overdueDays: 1 });
    expect(overdueOf("transfer_unclear", NOVEMBER, "2026-11-30")).toEqual({ overdue: true, overdueDays: 7 });
    expect(overdueOf("transferred", NOVEMBER, "2026-11-30")).toEqual({ overdue: false, overdueDays: null });
  });
});

const row = (name: string, over: Partial<Parameters<typeof byUrgency>[0]> = {}) => ({
  name,
  companyId: 1,
  connectionName: "Kunde",
  overdue: false,
  overdueDays: null,
  nextDate: null,
  ...over,
});

describe("the order", () => {
  it("puts a month handed in by its client (the firm's turn) before others of the same urgency, never before an overdue one", () => {
    const soon = { kind: "cut_off" as const, date: "2026-11-20", daysLeft: 2 };
    const rows = [
      row("Ärztehaus", { nextDate: soon }),
      row("Zahnarzt", { nextDate: soon, waitingForFirm: true }),
      row("Logistik", {
        nextDate: { kind: "wage_tax_return", date: "2026-12-10", daysLeft: 20 },
        waitingForFirm: true,
      }),
      row("Bäckerei", { overdue: true, overdueDays: 1 }),
    ];
    expect(rows.sort(byUrgency).map((r) => r.name)).toEqual(["Bäckerei", "Zahnarzt", "Logistik", "Ärztehaus"]);
  });

  it("puts overdue first (longest first), then fewest days left, then the name in German order", () => {
    const rows = [
      row("Zahnarzt", { nextDate: { kind: "cut_off", date: "2026-11-20", daysLeft: 2 } }),
      row("Ärztehaus", { nextDate: { kind: "cut_off", date: "2026-11-20", daysLeft: 2 } }),
      row("Bäckerei", { overdue: true, overdueDays: 1 }),
      row("Catering", { overdue: true, overdueDays: 3 }),
      row("Ohne Termin"),
      row("Logistik", { nextDate: { kind: "wage_tax_return", date: "2026-12-10", daysLeft: 20 } }),
    ];
    expect(rows.sort(byUrgency).map((r) => r.name)).toEqual([
      "Catering",
      "Bäckerei",
      "Ärztehaus",
      "Zahnarzt",
      "Logistik",
      "Ohne Termin",
    ]);
  });
});

describe("the filters", () => {
  const base = {
    mine: true,
    overdue: false,
    mayApprove: true,
    blockers: 0,
    connectionId: "0F8FAD5B-D9CB-469F-A165-70867728950E",
    connectionName: "Sabine Krüger",
    name: "Bäckerei Krüger GmbH",
    companyId: 1001,
  };
  const none = { show: [], connection: null, q: null };
  it("narrow together and search name, number and connection without case", () => {
    expect(matchesFilters(base, none)).toBe(true);
    expect(matchesFilters(base, { ...none, show: ["mine", "approval"] })).toBe(true);
    expect(matchesFilters(base, { ...none, show: ["mine", "overdue"] })).toBe(false);
    expect(matchesFilters(base, { ...none, show: ["blocked"] })).toBe(false);
    expect(matchesFilters({ ...base, blockers: 2 }, { ...none, show: ["blocked"] })).toBe(true);
    expect(matchesFilters({ ...base, blockers: null }, { ...none, show: ["blocked"] })).toBe(false);
    expect(matchesFilters(base, { ...none, connection: "0f8fad5b-d9cb-469f-a165-70867728950e" })).toBe(true);
    expect(matchesFilters(base, { ...none, connection: "1f8fad5b-d9cb-469f-a165-70867728950e" })).toBe(false);
    for (const q of ["bäckerei", "1001", "SABINE"]) expect(matchesFilters(base, { ...none, q }), q).toBe(true);
    expect(matchesFilters(base, { ...none, q: "Logistik" })).toBe(false);
  });
});
