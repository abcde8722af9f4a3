import { describe, expect, it } from "vitest";
import { entryDraftBodySchema, lineSchema, transferSchema } from "./schemas";

const context = { companyId: 1001, month: "2026-11", employeeIds: new Set([1, 2]) };

describe("entry schemas", () => {
  it("turns stored hours lines into the service's objects, leaving empty fields out", () => {
    const parsed = transferSchema("hours", context).parse([
      {
        id: "a",
        employee_id: 1,
        values: { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "13.37", date: "2026-11-03" },
      },
      { id: "b", employee_id: 2, values: { type: "SUNDAY_PREMIUM", surcharge: "50", cost_center_id: "K1" } },
    ]);
    expect(parsed).toEqual([
      {
        company_id: 1001,
        employee_id: 1,
        type: "HOURLY_WAGE",
        total_hours: 7.5,
        total_amount: 13.37,
        date: "2026-11-03",
      },
      { company_id: 1001, employee_id: 2, type: "SUNDAY_PREMIUM", surcharge: 50, cost_center_id: "K1" },
    ]);
  });

  it("names every problem by line and field", () => {
    const result = transferSchema("hours", context).safeParse([
      { id: "a", employee_id: 3, values: { type: "WAGE", total_hours: "-1", date: "2026-12-01" } },
      { id: "b", employee_id: 1, values: { type: "HOURLY_WAGE", total_amount: "1.1234567", unknown: "x" } },
    ]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join(".")}=${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        "0.employee_id=unknownEmployee",
        "0.values.type=unknownType",
        "0.values.total_hours=negative",
        "0.values.date=outsideMonth:2026-11",
        "1.values.total_amount=tooManyDecimals:6",
      ]),
    );
  });

  it("payments: count defaults at the service, amount required and may be negative", () => {
    const schema = lineSchema("payments", context);
    expect(schema.parse({ id: "p", employee_id: 1, values: { type: "BONUS_PAYMENT", amount: "-50" } })).toEqual({
      company_id: 1001,
      employee_id: 1,
      type: "BONUS_PAYMENT",
      amount: -50,
    });
    const missing = schema.safeParse({ id: "p", employee_id: 1, values: { type: "TRAVEL_COSTS", count: "2" } });
    expect(missing.error?.issues.map((issue) => issue.message)).toEqual(["required"]);
  });
});

describe("entryDraftBodySchema: nothing the database cannot store", () => {
  const line = (id: string, employee_id: number) => ({ id, employee_id, values: {} });

  it("accepts ids and revisions up to 2^31 - 1", () => {
    expect(
      entryDraftBodySchema.safeParse({
        period: "2026-11",
        changes: [{ ...line("a", 2_147_483_647), base: 2_147_483_647 }],
        removed: [{ id: "b", base: 0 }],
      }).success,
    ).toBe(true);
  });

  it("refuses employee ids and revisions above 2^31 - 1, naming the field", () => {
    const big = entryDraftBodySchema.safeParse({ period: "2026-11", lines: [line("a", 2_147_483_648)] });
    expect(big.error?.issues.map((issue) => issue.path.join("."))).toContain("lines.0.employee_id");
    const revision = entryDraftBodySchema.safeParse({
      period: "2026-11",
      changes: [{ ...line("a", 1), base: 2 ** 40 }],
    });
    expect(revision.success).toBe(false);
    expect(lineSchema("hours", context).safeParse(line("a", 2 ** 53)).error?.issues[0]?.message).toBe(
      "unknownEmployee",
    );
  });

  it("refuses a line id twice in one set", () => {
    const twice = entryDraftBodySchema.safeParse({
      period: "2026-11",
      lines: [line("a", 1), line("b", 1), line("a", 2)],
    });
    expect(twice.error?.issues.map((issue) => issue.path.join("."))).toContain("lines.2.id");
    const changedTwice = entryDraftBodySchema.safeParse({ period: "2026-11", changes: [line("a", 1), line("a", 2)] });
    expect(changedTwice.error?.issues.map((issue) => issue.path.join("."))).toContain("changes.1.id");
  });
});
