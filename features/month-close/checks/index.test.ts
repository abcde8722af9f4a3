import { describe, expect, it } from "vitest";
import type { StoredLine } from "@/features/payroll/entries/kinds";
import { publicHolidaysIn } from "./holidays";
import { runMonthChecks, type Finding, type MonthCheckInput } from "./index";

type Values = Record<string, string>;
let counter = 0;
const line = (employee: number, values: Values, id = `x${(counter += 1)}`): StoredLine => ({
  id,
  employee_id: employee,
  values,
});
const wage = (employee: number, hours: string, rate: string, date = "", id?: string) =>
  line(employee, { type: "HOURLY_WAGE", total_hours: hours, total_amount: rate, date }, id);

/** A clean November 2026 in Bavaria for Anna (1) and Ben (2), each with one day's wage; `change` adjusts it. */
function month(change: (input: MonthCheckInput) => void = () => {}): MonthCheckInput {
  const input: MonthCheckInput = {
    month: {
      period: "2026-11",
      hours: [wage(1, "8", "15", "2026-11-02", "a1"), wage(2, "8", "15", "2026-11-02", "b1")],
      payments: [],
    },
    employees: [
      { id: 1, firstName: "Anna", lastName: "Arndt", healthInsurance: "101" },
      { id: 2, firstName: "Ben", lastName: "Brandt", healthInsurance: "101" },
    ],
    insurers: [{ number: "101", name: "AOK Bayern", availableFrom: null, availableTo: null, replacement: null }],
    employeeSettings: [],
    company: { federalState: "BY", monthlyHoursLimit: 208 },
    publicHolidays: ["2026-11-01"],
    previous: null,
  };
  change(input);
  return input;
}

/** Findings as `rule employee line?` for short expectations. */
const brief = (findings: readonly Finding[]) =>
  findings.map((finding) =>
    [finding.rule, finding.employeeId, finding.lineId].filter((part) => part !== undefined).join(" "),
  );
const only = (findings: readonly Finding[], rule: Finding["rule"]) =>
  findings.filter((finding) => finding.rule === rule);

describe("runMonthChecks", () => {
  it("finds nothing in a clean month", () => {
    expect(runMonthChecks(month())).toEqual([]);
  });

  describe("blockers", () => {
    it("reports the grid's own validation problems per cell, with the grid's codes", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours.push(line(1, { type: "SUNDAY_PREMIUM", total_hours: "x", date: "2026-12-06" }, "bad"));
          input.month.payments.push(line(2, { type: "BONUS_PAYMENT" }, "pay"));
        }),
      );
      expect(findings).toEqual([
        {
          severity: "blocker",
          rule: "invalidValue",
          employeeId: 1,
          kind: "hours",
          lineId: "bad",
          column: "total_hours",
          params: { column: "total_hours", error: "notNumber", arg: "" },
        },
        {
          severity: "blocker",
          rule: "invalidValue",
          employeeId: 1,
          kind: "hours",
          lineId: "bad",
          column: "date",
          params: { column: "date", error: "outsideMonth", arg: "2026-11" },
        },
        {
          severity: "blocker",
          rule: "invalidValue",
          employeeId: 2,
          kind: "payments",
          lineId: "pay",
          column: "amount",
          params: { column: "amount", error: "required", arg: "" },
        },
      ]);
    });

    it("ignores blank lines", () => {
      expect(runMonthChecks(month((input) => input.month.hours.push(line(1, { type: "", total_hours: "" }))))).toEqual(
        [],
      );
    });

    it("blocks lines of employees not in the company and leaves them out of the other rules", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours.push(wage(99, "12", "5", "2026-11-03", "stranger"), wage(99, "12", "5", "2026-11-03"));
        }),
      );
      expect(findings).toEqual([
        {
          severity: "blocker",
          rule: "unknownEmployee",
          employeeId: 99,
          kind: "hours",
          lineId: "stranger",
          params: { employeeId: "99" },
        },
        expect.objectContaining({ rule: "unknownEmployee" }),
      ]);
    });

    it("blocks an employee whose health insurance ended before the period without a successor", () => {
      const findings = (availableTo: string, replacement: string | null, successorTo: string | null = null) =>
        runMonthChecks(
          month((input) => {
            input.insurers.push({ number: "200", name: "BKK Alt", availableFrom: null, availableTo, replacement });
            input.insurers.push({
              number: "201",
              name: "BKK Neu",
              availableFrom: "2026-01-01",
              availableTo: successorTo,
              replacement: null,
            });
            input.employees[1]!.healthInsurance = "200";
          }),
        );
      expect(findings("2026-10-31", null)).toEqual([
        {
          severity: "blocker",
          rule: "insurerEnded",
          employeeId: 2,
          params: { insurer: "200", insurerName: "BKK Alt", endDate: "2026-10-31" },
        },
      ]);
      expect(findings("2026-10-31", "201")).toEqual([]); // the service moves the employee to the successor
      expect(brief(findings("2025-12-31", "201", "2026-06-30"))).toEqual(["insurerEnded 2"]); // the successor has ended too
      expect(findings("2026-11-01", null)).toEqual([]); // still open on the period's first day
      const unknown = runMonthChecks(month((input) => (input.employees[1]!.healthInsurance = "999")));
      expect(unknown).toEqual([]);
    });
  });

  describe("warnings", () => {
    it("warns about more than 10 hours worked on one day, counting wage and overtime but no surcharges", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours.push(
            wage(1, "6", "15", "2026-11-03", "day"),
            line(1, { type: "ADDITIONAL_OVERTIME", total_hours: "4.5", total_amount: "20", date: "2026-11-03" }),
            wage(2, "6", "15", "2026-11-03"),
            line(2, { type: "ADDITIONAL_OVERTIME", total_hours: "4", total_amount: "20", date: "2026-11-03" }),
            line(2, { type: "NIGHT_SUPPLEMENT_25", total_hours: "4", total_amount: "3", date: "2026-11-03" }),
          );
        }),
      );
      expect(findings).toEqual([
        {
          severity: "warning",
          rule: "dailyHours",
          employeeId: 1,
          kind: "hours",
          lineId: "day",
          column: "total_hours",
          params: { date: "2026-11-03", hours: "10.5", limit: 10 },
        },
      ]);
    });

    it("warns about a Sunday premium on a day that is not a Sunday", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours.push(
            line(1, { type: "SUNDAY_PREMIUM", total_hours: "8", total_amount: "5", date: "2026-11-09" }, "monday"),
          );
          input.month.hours.push(
            line(2, { type: "SUNDAY_PREMIUM", total_hours: "8", total_amount: "5", date: "2026-11-08" }),
          );
          input.month.hours.push(line(2, { type: "SUNDAY_PREMIUM", total_hours: "8", total_amount: "5" }));
        }),
      );
      expect(findings).toEqual([
        {
          severity: "warning",
          rule: "sundayPremium",
          employeeId: 1,
          kind: "hours",
          lineId: "monday",
          column: "date",
          params: { date: "2026-11-09" },
        },
      ]);
    });

    it("warns about a holiday surcharge on a day that is no public holiday in the company's Land", () => {
      const surcharge = (date: string, type = "HOLIDAY_SURCHARGE_125") =>
        line(1, { type, total_hours: "8", total_amount: "5", date }, `on ${date}`);
      const run = (state: "BY" | "SN" | null, period: string, dates: string[]) =>
        runMonthChecks(
          month((input) => {
            input.month = {
              period,
              hours: [wage(1, "8", "15"), wage(2, "8", "15"), ...dates.map((date) => surcharge(date))],
              payments: [],
            };
            input.company.federalState = state;
            input.publicHolidays = state ? publicHolidaysIn(state, period) : [];
          }),
        );
      expect(brief(run("BY", "2026-11", ["2026-11-01", "2026-11-02"]))).toEqual(["holidaySurcharge 1 on 2026-11-02"]);
      expect(run("BY", "2026-11", ["2026-11-18"])[0]?.params).toEqual({ date: "2026-11-18", state: "BY" });
      expect(run("SN", "2026-11", ["2026-11-18"])).toEqual([]); // Buß- und Bettag
      // EStG §3b: 24 and 31 December from 14:00 carry a holiday surcharge too
      expect(brief(run("BY", "2026-12", ["2026-12-23", "2026-12-24", "2026-12-25", "2026-12-31"]))).toEqual([
        "holidaySurcharge 1 on 2026-12-23",
      ]);
      expect(brief(run(null, "2026-11", ["2026-11-01"]))).toEqual(["holidayStateMissing 1 on 2026-11-01"]);
    });

    describe("minimum wage, by the line's day", () => {
      const run = (period: string, rate: string, date: string, type = "HOURLY_WAGE") =>
        runMonthChecks(
          month((input) => {
            input.month = {
              period,
              hours: [line(1, { type, total_hours: "8", total_amount: rate, date }, "rate"), wage(2, "8", "15")],
              payments: [],
            };
            input.previous = null;
          }),
        );
      it.each([
        ["2024-12", "2024-12-31", "12.5", null],
        ["2025-01", "2025-01-01", "12.5", "12.82"],
        ["2025-12", "2025-12-31", "13", null],
        ["2026-01", "2026-01-01", "13", "13.90"],
        ["2026-01", "2026-01-01", "13.9", null],
        ["2026-12", "2026-12-31", "14", null],
        ["2027-01", "2027-01-01", "14", "14.60"],
        ["2027-01", "", "14.59", "14.60"],
      ])("%s: a rate on %s of %s € is below %s", (period, date, rate, minimum) => {
        const findings = run(period, rate, date);
        if (minimum === null) expect(findings).toEqual([]);
        else
          expect(findings).toEqual([
            {
              severity: "warning",
              rule: "minimumWage",
              employeeId: 1,
              kind: "hours",
              lineId: "rate",
              column: "total_amount",
              params: { rate, minimum, date: date || `${period}-01` },
            },
          ]);
      });
      it("reads only wage rates (a supplement's rate is no wage)", () => {
        expect(run("2026-11", "2.5", "2026-11-02", "NIGHT_SUPPLEMENT_25")).toEqual([]);
      });
    });

    describe("pay cap", () => {
      const run = (period: string, pay: string, cap: "minijob" | string = "minijob", payments: StoredLine[] = []) =>
        runMonthChecks(
          month((input) => {
            input.month = { period, hours: [wage(1, "1", pay), wage(2, "8", "15")], payments };
            input.employeeSettings = [{ employeeId: 1, payCap: cap, monthlyHoursLimit: null }];
          }),
        );
      it.each([
        ["2024-12", "545", "538.00"],
        ["2025-01", "545", null],
        ["2025-12", "580", "556.00"],
        ["2026-01", "580", null],
        ["2026-12", "620", "603.00"],
        ["2027-01", "620", null],
        ["2027-01", "633.01", "633.00"],
      ])("%s: a minijob paid %s € is over the cap of %s €", (period, pay, cap) => {
        const findings = only(run(period, pay), "payCap");
        expect(findings).toEqual(
          cap === null
            ? []
            : [{ severity: "warning", rule: "payCap", employeeId: 1, params: { total: Number(pay).toFixed(2), cap } }],
        );
      });
      it("takes an amount of the employee's own and counts bonuses but no reimbursements", () => {
        expect(only(run("2026-11", "460", "450"), "payCap")[0]?.params).toEqual({ total: "460.00", cap: "450.00" });
        expect(
          only(
            run("2026-11", "550", "minijob", [
              line(1, { type: "TRAVEL_COSTS", amount: "100" }),
              line(1, { type: "FOOD_ALLOWANCE", count: "2", amount: "14" }),
            ]),
            "payCap",
          ),
        ).toEqual([]);
        expect(
          only(run("2026-11", "550", "minijob", [line(1, { type: "BONUS_PAYMENT", amount: "100" })]), "payCap")[0]
            ?.params,
        ).toEqual({
          total: "650.00",
          cap: "603.00",
        });
      });
    });

    it("warns about monthly hours above the employee's limit, else the company's", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours = [wage(1, "208", "15"), wage(2, "41", "15")];
          input.employeeSettings = [{ employeeId: 2, payCap: null, monthlyHoursLimit: 40 }];
        }),
      );
      expect(findings).toEqual([
        {
          severity: "warning",
          rule: "monthlyHours",
          employeeId: 2,
          params: { hours: "41", limit: 40, source: "employee" },
        },
      ]);
      const company = runMonthChecks(
        month((input) => {
          input.month.hours = [wage(1, "160.5", "15"), wage(2, "160", "15")];
          input.company.monthlyHoursLimit = 160;
        }),
      );
      expect(company).toEqual([
        {
          severity: "warning",
          rule: "monthlyHours",
          employeeId: 1,
          params: { hours: "160.5", limit: 160, source: "company" },
        },
      ]);
    });

    it("warns about hours or pay changed by more than 50 % against the last transferred month", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours = [wage(1, "151", "15"), wage(2, "150", "15")];
          input.month.payments = [line(2, { type: "BONUS_PAYMENT", amount: "0.01" })];
          input.previous = { period: "2026-10", hours: [wage(1, "100", "15"), wage(2, "100", "15")], payments: [] };
        }),
      );
      expect(findings).toEqual([
        {
          severity: "warning",
          rule: "hoursChanged",
          employeeId: 1,
          params: { now: "151", before: "100", percent: 51, previousMonth: "2026-10" },
        },
        {
          severity: "warning",
          rule: "payChanged",
          employeeId: 1,
          params: { now: "2265.00", before: "1500.00", percent: 51, previousMonth: "2026-10" },
        },
        {
          severity: "warning",
          rule: "payChanged",
          employeeId: 2,
          params: { now: "2250.01", before: "1500.00", percent: 50, previousMonth: "2026-10" },
        },
      ]);
      const down = runMonthChecks(
        month((input) => {
          input.month.hours = [wage(1, "49", "15"), wage(2, "50", "15")];
          input.previous = { period: "2026-10", hours: [wage(1, "100", "15"), wage(2, "100", "15")], payments: [] };
        }),
      );
      expect(down.map((finding) => [finding.rule, finding.employeeId, finding.params.percent])).toEqual([
        ["hoursChanged", 1, -51],
        ["payChanged", 1, -51],
      ]);
    });

    it("warns about an employee with no line at all, and then not about the change", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours = [wage(1, "8", "15"), line(2, { type: "" })];
          input.previous = { period: "2026-10", hours: [wage(1, "8", "15"), wage(2, "8", "15")], payments: [] };
        }),
      );
      expect(findings).toEqual([{ severity: "warning", rule: "noLines", employeeId: 2, params: {} }]);
      expect(brief(runMonthChecks(month((input) => (input.month.hours = [wage(1, "8", "15")]))))).toEqual([
        "noLines 2",
      ]);
    });

    it("warns about identical lines of one employee and kind", () => {
      const findings = runMonthChecks(
        month((input) => {
          input.month.hours.push(wage(1, "8", "15", "2026-11-02", "again"));
          input.month.hours.push(
            line(1, {
              type: "HOURLY_WAGE",
              total_hours: "8",
              total_amount: "15",
              date: "2026-11-02",
              cost_center_id: "K1",
            }),
          );
          input.month.hours.push(wage(2, "8", "15", "2026-11-03"));
          input.month.payments.push(
            line(2, { type: "BONUS_PAYMENT", amount: "50" }, "bonus"),
            line(2, { type: "BONUS_PAYMENT", amount: "50" }, "bonus again"),
          );
        }),
      );
      expect(
        only(findings, "duplicateLine").map((finding) => [
          finding.employeeId,
          finding.kind,
          finding.lineId,
          finding.params.firstLineId,
        ]),
      ).toEqual([
        [1, "hours", "again", "a1"],
        [2, "payments", "bonus again", "bonus"],
      ]);
    });
  });

  it("lists blockers first, then by the employees' order", () => {
    const findings = runMonthChecks(
      month((input) => {
        input.month.hours = [
          line(2, { type: "SUNDAY_PREMIUM", total_hours: "1", total_amount: "5", date: "2026-11-02" }),
          wage(1, "8", "x"),
          wage(1, "8", "15", "2026-11-09"),
        ];
        input.month.hours.push(
          line(1, { type: "SUNDAY_PREMIUM", total_hours: "1", total_amount: "5", date: "2026-11-03" }),
        );
      }),
    );
    expect(brief(findings).map((entry) => entry.split(" ").slice(0, 2).join(" "))).toEqual([
      "invalidValue 1",
      "sundayPremium 1",
      "sundayPremium 2",
    ]);
  });
});
