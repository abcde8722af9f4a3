import { describe, expect, it } from "vitest";
import { displayParams } from "./display";
import type { Finding } from "./schemas";

const finding = (rule: Finding["rule"], params: Finding["params"]): Finding => ({
  severity: "warning",
  rule,
  employeeId: 1,
  params,
});

describe("displayParams", () => {
  it("formats days, amounts and hours in German and English", () => {
    const wage = finding("minimumWage", { rate: "12.5", minimum: "13.90", date: "2026-01-01" });
    expect(displayParams("de", wage)).toEqual({ rate: "12,50", minimum: "13,90", date: "01.01.2026" });
    expect(displayParams("en", wage)).toEqual({ rate: "12.50", minimum: "13.90", date: "01/01/2026" });
    expect(displayParams("de", finding("dailyHours", { date: "2026-11-03", hours: "10.5", limit: 10 }))).toEqual({
      date: "03.11.2026",
      hours: "10,5",
      limit: "10",
    });
    expect(displayParams("de", finding("payCap", { total: "1234.5", cap: "603.00" }))).toEqual({
      total: "1.234,50",
      cap: "603,00",
    });
  });

  it("tells hours from pay in a change and gives its sign and month", () => {
    expect(
      displayParams(
        "de",
        finding("hoursChanged", { now: "151.25", before: "100", percent: 51, previousMonth: "2026-10" }),
      ),
    ).toEqual({
      now: "151,25",
      before: "100",
      percent: "+51",
      previousMonth: "Oktober 2026",
    });
    expect(
      displayParams(
        "de",
        finding("payChanged", { now: "1000", before: "2265", percent: -56, previousMonth: "2026-10" }),
      ),
    ).toEqual({
      now: "1.000,00",
      before: "2.265,00",
      percent: "-56",
      previousMonth: "Oktober 2026",
    });
  });

  it("leaves codes and employee numbers as they are", () => {
    expect(displayParams("de", finding("holidaySurcharge", { date: "2026-11-18", state: "BY" }))).toEqual({
      date: "18.11.2026",
      state: "BY",
    });
    expect(displayParams("de", finding("unknownEmployee", { employeeId: "12345" }))).toEqual({ employeeId: "12345" });
    expect(
      displayParams("de", finding("invalidValue", { column: "date", error: "outsideMonth", arg: "2026-11" })),
    ).toEqual({
      column: "date",
      error: "outsideMonth",
      arg: "2026-11",
    });
  });
});
