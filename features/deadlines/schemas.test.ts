import { describe, expect, it } from "vitest";
import { DEFAULT_CUT_OFF_RULE } from "./deadlines";
import {
  companyDeadlineForm,
  companyDeadlineInputSchema,
  companyDeadlineValues,
  storedCutOffRule,
  workspaceCutOffInputSchema,
} from "./schemas";

describe("the deadline settings' schemas", () => {
  it("turn a company's form into what is stored and back", () => {
    const input = { land: "NI", cutOffKind: "day_of_month", cutOffNumber: " 12 " } as const;
    const stored = companyDeadlineValues(companyDeadlineInputSchema.parse(input));
    expect(stored).toEqual({ land: "NI", cutOffRule: { kind: "day_of_month", day: 12 } });
    expect(companyDeadlineForm(stored, DEFAULT_CUT_OFF_RULE)).toEqual({
      land: "NI",
      cutOffKind: "day_of_month",
      cutOffNumber: "12",
    });
    const following = companyDeadlineValues(
      companyDeadlineInputSchema.parse({ land: "", cutOffKind: "workspace", cutOffNumber: "x" }),
    );
    expect(following).toEqual({ land: null, cutOffRule: null });
    expect(companyDeadlineForm(following, DEFAULT_CUT_OFF_RULE)).toEqual({
      land: "",
      cutOffKind: "workspace",
      cutOffNumber: "3",
    });
  });

  it("put each problem on its field as a code", () => {
    const issues = (value: unknown) =>
      workspaceCutOffInputSchema.safeParse(value).error?.issues.map((issue) => [issue.path.join("."), issue.message]) ??
      [];
    expect(issues({ cutOffKind: "bank_days_before_statement", cutOffNumber: "16" })).toEqual([
      ["cutOffNumber", "daysRange"],
    ]);
    expect(issues({ cutOffKind: "day_of_month", cutOffNumber: "0" })).toEqual([["cutOffNumber", "dayRange"]]);
    expect(issues({ cutOffKind: "day_of_month", cutOffNumber: "-1" })).toEqual([["cutOffNumber", "notWholeNumber"]]);
    expect(issues({ cutOffKind: "weekly", cutOffNumber: "1" })).toEqual([["cutOffKind", "unknownKind"]]);
  });

  it("read only well-formed stored rules", () => {
    expect(storedCutOffRule({ kind: "day_of_month", day: 15 })).toEqual({ kind: "day_of_month", day: 15 });
    expect(storedCutOffRule({ kind: "day_of_month", day: 40 })).toBeNull();
    expect(storedCutOffRule(null)).toBeNull();
  });
});
