import { describe, expect, it } from "vitest";
import { periodDays, taxAuditExportSchema } from "./schemas";

describe("the tax-audit export's fields", () => {
  it("take a company and months from–to, and name the field that is wrong", () => {
    expect(taxAuditExportSchema.parse({ companyId: "1001", from: "2026-01", to: "2026-03" })).toEqual({
      companyId: 1001,
      from: "2026-01",
      to: "2026-03",
    });
    const problems = (input: object) =>
      taxAuditExportSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(problems({ companyId: "", from: "2026-01", to: "2026-01" })).toEqual([["companyId", "company"]]);
    expect(problems({ companyId: "1", from: "2026-13", to: "2026-01" })).toEqual([["from", "month"]]);
    expect(problems({ companyId: "1", from: "2026-03", to: "2026-01" })).toEqual([["to", "toBeforeFrom"]]);
    expect(problems({ companyId: "1", from: "2000-01", to: "2026-01" })).toEqual([["to", "tooLong"]]);
  });

  it("cover whole months", () => {
    expect(periodDays("2024-01", "2024-02")).toEqual({ from: "2024-01-01", to: "2024-02-29" });
    expect(periodDays("2026-11", "2026-12")).toEqual({ from: "2026-11-01", to: "2026-12-31" });
  });
});
