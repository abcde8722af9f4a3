import { describe, expect, it } from "vitest";
import type { StoredLine } from "@/features/payroll/entries/kinds";
import { planExport, type PlanInput } from "./plan";

const hours = (employee: number, values: Record<string, string>, id = `h${employee}`): StoredLine => ({
  id,
  employee_id: employee,
  values: { type: "HOURLY_WAGE", total_hours: "160", ...values },
});
const payment = (employee: number, values: Record<string, string>): StoredLine => ({
  id: `p${employee}`,
  employee_id: employee,
  values: { type: "BONUS_PAYMENT", amount: "250.5", ...values },
});

const input = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  period: "2026-11",
  consultantNumber: 1234567,
  clientNumber: 10102,
  wageTypes: {
    HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" },
    BONUS_PAYMENT: { wageTypeNumber: 200, processingKey: 4, carries: "amount" },
  },
  employees: [
    { id: 1, name: "Anna Äbi", personnelNumber: 11 },
    { id: 2, name: "Ben Bauer", personnelNumber: 12 },
  ],
  lines: { hours: [hours(1, { cost_center_id: "Küche" }), hours(2, {})], payments: [payment(1, {})] },
  ...overrides,
});

describe("planExport", () => {
  it("makes one record per grid line, in the grid's order, from the mapping", () => {
    const plan = planExport(input());
    expect(plan).toEqual({
      ok: true,
      records: [
        {
          employeeId: 1,
          employee: "Anna Äbi",
          kind: "hours",
          line: 1,
          record: {
            personnelNumber: 11,
            wageTypeNumber: 100,
            processingKey: 1,
            value: "160",
            costCentre: "Küche",
            costUnit: "",
          },
        },
        expect.objectContaining({
          employeeId: 2,
          kind: "hours",
          record: expect.objectContaining({ personnelNumber: 12 }),
        }),
        expect.objectContaining({
          kind: "payments",
          record: expect.objectContaining({ wageTypeNumber: 200, processingKey: 4, value: "250.5" }),
        }),
      ],
    });
  });

  it("carries the value the mapping names: an hours line's amount when so mapped", () => {
    const plan = planExport(
      input({
        wageTypes: { ...input().wageTypes, HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 4, carries: "amount" } },
        lines: { hours: [hours(1, { total_amount: "17.5" })], payments: [] },
      }),
    );
    expect(plan.ok && plan.records[0]?.record.value).toBe("17.5");
  });

  it("lists every problem at once, each naming the employee and the line", () => {
    const plan = planExport(
      input({
        consultantNumber: 1000,
        clientNumber: 100000,
        employees: [
          { id: 1, name: "Anna Äbi", personnelNumber: 11 },
          { id: 2, name: "Ben Bauer", personnelNumber: null },
        ],
        lines: {
          hours: [
            hours(1, {}),
            hours(1, { type: "SUNDAY_PREMIUM" }, "h1b"),
            hours(1, { total_hours: "1.125", cost_center_id: "Łódź;1" }, "h1c"),
            hours(1, { total_hours: "12345678", date: "2026-10-31", cost_object_id: "✓" }, "h1d"),
            hours(2, {}),
          ],
          payments: [payment(1, { amount: "" })],
        },
      }),
    );
    expect(plan.ok).toBe(false);
    const where = (employee: string, kind: string, line: number) => ({ employee, kind, line });
    expect(plan.ok ? [] : plan.problems).toEqual([
      { code: "consultantRange", value: 1000 },
      { code: "clientRange", value: 100000 },
      { code: "noWageType", type: "SUNDAY_PREMIUM", employeeId: 1, ...where("Anna Äbi", "hours", 2) },
      { code: "tooManyDecimals", value: "1.125", max: 2, employeeId: 1, ...where("Anna Äbi", "hours", 3) },
      { code: "unencodable", field: "costCentre", characters: "Ł ź", employeeId: 1, ...where("Anna Äbi", "hours", 3) },
      { code: "separator", field: "costCentre", employeeId: 1, ...where("Anna Äbi", "hours", 3) },
      { code: "tooManyDigits", value: "12345678", max: 7, employeeId: 1, ...where("Anna Äbi", "hours", 4) },
      { code: "unencodable", field: "costUnit", characters: "✓", employeeId: 1, ...where("Anna Äbi", "hours", 4) },
      { code: "outsidePeriod", date: "2026-10-31", period: "2026-11", employeeId: 1, ...where("Anna Äbi", "hours", 4) },
      { code: "noPersonnelNumber", employeeId: 2, ...where("Ben Bauer", "hours", 1) },
      { code: "noValue", type: "BONUS_PAYMENT", carries: "amount", employeeId: 1, ...where("Anna Äbi", "payments", 1) },
    ]);
  });

  it("refuses a personnel number outside 1–99999", () => {
    const plan = planExport(
      input({
        employees: [{ id: 1, name: "A", personnelNumber: 100000 }],
        lines: { hours: [hours(1, {})], payments: [] },
      }),
    );
    expect(plan.ok ? [] : plan.problems.map((problem) => problem.code)).toEqual(["personnelNumberRange"]);
  });

  it("refuses two employees under one personnel number, naming each one's lines", () => {
    const plan = planExport(
      input({
        employees: [
          { id: 1, name: "A", personnelNumber: 7 },
          { id: 2, name: "B", personnelNumber: 7 },
          { id: 3, name: "C", personnelNumber: 8 },
        ],
        lines: { hours: [hours(1, {}), hours(2, {}), hours(3, {})], payments: [] },
      }),
    );
    expect(
      plan.ok ? [] : plan.problems.map((problem) => [problem.code, "employee" in problem && problem.employee]),
    ).toEqual([
      ["duplicatePersonnelNumber", "A"],
      ["duplicatePersonnelNumber", "B"],
    ]);
  });

  it("accepts the ranges' ends and negative amounts", () => {
    const plan = planExport(
      input({
        consultantNumber: 9_999_999,
        clientNumber: 1,
        employees: [{ id: 1, name: "A", personnelNumber: 99999 }],
        lines: {
          hours: [hours(1, { total_hours: "1234567.25", date: "2026-11-30" })],
          payments: [payment(1, { amount: "-12.3" })],
        },
      }),
    );
    expect(plan.ok).toBe(true);
  });
});
