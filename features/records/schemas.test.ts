import { describe, expect, it } from "vitest";
import { retentionSettingsSchema, socialAuditSchema } from "./schemas";

const LAW = { wage_account: 6, social_insurance_audit: 1, booking_vouchers: 8, books_and_audit_trail: 10 };

describe("retentionSettingsSchema", () => {
  it("takes the law's periods and longer ones", () => {
    expect(retentionSettingsSchema.safeParse({ years: LAW }).success).toBe(true);
    expect(retentionSettingsSchema.safeParse({ years: { ...LAW, booking_vouchers: 12 } }).success).toBe(true);
  });

  it("refuses a period below the law on its own field", () => {
    const result = retentionSettingsSchema.safeParse({ years: { ...LAW, wage_account: 5 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["years", "wage_account"], message: "belowLaw" }),
    ]);
  });

  it("refuses fractions and absurd lengths", () => {
    const result = retentionSettingsSchema.safeParse({
      years: { ...LAW, booking_vouchers: 8.5, books_and_audit_trail: 99 },
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["years.booking_vouchers", "whole"],
      ["years.books_and_audit_trail", "tooLong"],
    ]);
  });
});

describe("socialAuditSchema", () => {
  it("takes a real day or null, and refuses another", () => {
    expect(socialAuditSchema.safeParse({ companyId: 1001, lastAuditOn: "2025-06-30" }).success).toBe(true);
    expect(socialAuditSchema.safeParse({ companyId: 1001, lastAuditOn: null }).success).toBe(true);
    expect(socialAuditSchema.safeParse({ companyId: 1001, lastAuditOn: "2025-02-30" }).error?.issues[0]?.message).toBe(
      "invalidDay",
    );
  });
});
