import { describe, expect, it } from "vitest";
import {
  companyDatevInputSchema,
  employeeDatevInputSchema,
  wageTypeRows,
  workspaceWageTypesInputSchema,
} from "./schemas";

const valid = {
  consultantNumber: "1234567",
  clientNumber: "10102",
  program: "lodas",
  target: "datev",
  wageTypes: wageTypeRows({}),
};

const fieldErrors = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the DATEV settings' schemas", () => {
  it("take a company's settings and give the stored values", () => {
    const parsed = companyDatevInputSchema.parse({
      ...valid,
      wageTypes: [{ type: "HOURLY_WAGE", wageTypeNumber: "100", processingKey: "1", carries: "hours" }],
    });
    expect(parsed).toEqual({
      consultantNumber: 1234567,
      clientNumber: 10102,
      program: "lodas",
      target: "datev",
      wageTypes: { HOURLY_WAGE: { wageTypeNumber: 100, processingKey: 1, carries: "hours" } },
    });
  });

  it("check the ranges at their ends, field by field", () => {
    expect(companyDatevInputSchema.safeParse({ ...valid, consultantNumber: "1001", clientNumber: "1" }).success).toBe(
      true,
    );
    expect(
      companyDatevInputSchema.safeParse({ ...valid, consultantNumber: "9999999", clientNumber: "99999" }).success,
    ).toBe(true);
    expect(
      fieldErrors(companyDatevInputSchema.safeParse({ ...valid, consultantNumber: "1000", clientNumber: "100000" })),
    ).toEqual({
      consultantNumber: "range:1001:9999999",
      clientNumber: "range:1:99999",
    });
    expect(fieldErrors(companyDatevInputSchema.safeParse({ ...valid, consultantNumber: "12a" }))).toEqual({
      consultantNumber: "notNumber",
    });
  });

  it("need both numbers only when the months go to DATEV", () => {
    const blank = { ...valid, consultantNumber: "", clientNumber: "" };
    expect(fieldErrors(companyDatevInputSchema.safeParse(blank))).toEqual({
      consultantNumber: "required",
      clientNumber: "required",
    });
    expect(companyDatevInputSchema.safeParse({ ...blank, target: "payroll_service" }).success).toBe(true);
  });

  it("name the wage type row's field: number range, unknown type, a carrier the type's lines lack", () => {
    const rows = [
      { type: "HOURLY_WAGE", wageTypeNumber: "10000", processingKey: "1", carries: "hours" },
      { type: "NO_SUCH", wageTypeNumber: "1", processingKey: "1", carries: "hours" },
      { type: "BONUS_PAYMENT", wageTypeNumber: "200", processingKey: "4", carries: "hours" },
    ];
    expect(fieldErrors(companyDatevInputSchema.safeParse({ ...valid, wageTypes: rows }))).toEqual({
      "wageTypes.0.wageTypeNumber": "range:1:9999",
      "wageTypes.1.type": "unknownType",
      "wageTypes.2.carries": "carries",
    });
  });

  it("take a personnel number of 1–99999, or none (the service's id)", () => {
    expect(employeeDatevInputSchema.parse({ personnelNumber: "" })).toEqual({ personnelNumber: null });
    expect(employeeDatevInputSchema.parse({ personnelNumber: "99999" })).toEqual({ personnelNumber: 99999 });
    expect(fieldErrors(employeeDatevInputSchema.safeParse({ personnelNumber: "0" }))).toEqual({
      personnelNumber: "range:1:99999",
    });
  });

  it("refuse a type twice in the firm's defaults", () => {
    const row = { type: "HOURLY_WAGE", wageTypeNumber: "100", processingKey: "1", carries: "hours" };
    expect(fieldErrors(workspaceWageTypesInputSchema.safeParse({ wageTypes: [row, row] }))).toEqual({
      "wageTypes.1.type": "duplicateType",
    });
  });

  it("prefill every grid type's row, hours lines carrying hours and payments their amount", () => {
    const rows = wageTypeRows({});
    expect(rows.find((row) => row.type === "HOURLY_WAGE")).toEqual({
      type: "HOURLY_WAGE",
      wageTypeNumber: "",
      processingKey: "1",
      carries: "hours",
    });
    expect(rows.find((row) => row.type === "TRAVEL_COSTS")).toMatchObject({ carries: "amount", processingKey: "4" });
  });
});
