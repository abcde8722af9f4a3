import { describe, expect, it } from "vitest";
import {
  companySettingsInputSchema,
  companySettingsValues,
  employeeSettingsForm,
  employeeSettingsInputSchema,
  employeeSettingsValues,
} from "./schemas";

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("company settings schema", () => {
  it("takes a Land or none and a limit up to 744 hours with two decimals", () => {
    expect(
      companySettingsValues(companySettingsInputSchema.parse({ federalState: "BY", monthlyHoursLimit: "173.5" })),
    ).toEqual({
      federalState: "BY",
      monthlyHoursLimit: 173.5,
    });
    expect(
      companySettingsValues(companySettingsInputSchema.parse({ federalState: "", monthlyHoursLimit: "744" })),
    ).toEqual({
      federalState: null,
      monthlyHoursLimit: 744,
    });
    expect(
      fieldsOf(companySettingsInputSchema.safeParse({ federalState: "Bayern", monthlyHoursLimit: "744.01" })),
    ).toEqual({
      federalState: "unknownState",
      monthlyHoursLimit: "tooManyHours",
    });
    expect(fieldsOf(companySettingsInputSchema.safeParse({ federalState: "BY", monthlyHoursLimit: "173,5" }))).toEqual({
      monthlyHoursLimit: "notNumber",
    });
    expect(fieldsOf(companySettingsInputSchema.safeParse({ federalState: "BY", monthlyHoursLimit: "1.255" }))).toEqual({
      monthlyHoursLimit: "tooManyDecimals",
    });
    expect(fieldsOf(companySettingsInputSchema.safeParse({ federalState: "BY", monthlyHoursLimit: "0" }))).toEqual({
      monthlyHoursLimit: "notPositive",
    });
    expect(
      companySettingsInputSchema.safeParse({ federalState: "BY", monthlyHoursLimit: "208", extra: 1 }).success,
    ).toBe(false);
  });
});

describe("employee settings schema", () => {
  it("stores none, minijob or an amount with two decimals, and an optional limit", () => {
    const parse = (input: Record<string, string>) => employeeSettingsValues(employeeSettingsInputSchema.parse(input));
    expect(parse({ payCapKind: "none", payCapAmount: "abc", monthlyHoursLimit: "" })).toEqual({
      payCap: null,
      monthlyHoursLimit: null,
    });
    expect(parse({ payCapKind: "minijob", payCapAmount: "", monthlyHoursLimit: "160" })).toEqual({
      payCap: "minijob",
      monthlyHoursLimit: 160,
    });
    expect(parse({ payCapKind: "custom", payCapAmount: "01200.5", monthlyHoursLimit: "" })).toEqual({
      payCap: "1200.50",
      monthlyHoursLimit: null,
    });
    expect(
      fieldsOf(
        employeeSettingsInputSchema.safeParse({ payCapKind: "custom", payCapAmount: "", monthlyHoursLimit: "x" }),
      ),
    ).toEqual({
      payCapAmount: "required",
      monthlyHoursLimit: "notNumber",
    });
    expect(
      fieldsOf(
        employeeSettingsInputSchema.safeParse({ payCapKind: "weekly", payCapAmount: "", monthlyHoursLimit: "" }),
      ),
    ).toEqual({
      payCapKind: "payCapKind",
    });
  });

  it("turns stored settings back into the form's values", () => {
    expect(employeeSettingsForm(undefined)).toEqual({ payCapKind: "none", payCapAmount: "", monthlyHoursLimit: "" });
    expect(employeeSettingsForm({ payCap: "minijob", monthlyHoursLimit: 160.5 })).toEqual({
      payCapKind: "minijob",
      payCapAmount: "",
      monthlyHoursLimit: "160.5",
    });
    expect(employeeSettingsForm({ payCap: "1200.50", monthlyHoursLimit: null })).toEqual({
      payCapKind: "custom",
      payCapAmount: "1200.50",
      monthlyHoursLimit: "",
    });
  });
});
