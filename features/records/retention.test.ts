import { describe, expect, it } from "vitest";
import { keepUntilDate, payRecordsKeepUntil, RETENTION_RULES, yearsFor } from "./retention";

describe("keepUntilDate", () => {
  it("keeps wage account data to the end of the sixth calendar year after the last entry (§ 41 (1) EStG)", () => {
    expect(keepUntilDate("wage_account", "2026-03-15")).toBe("2032-12-31");
    expect(keepUntilDate("wage_account", "2026-01-01")).toBe("2032-12-31");
    expect(keepUntilDate("wage_account", "2026-12-31")).toBe("2032-12-31");
  });

  it("keeps pay records to the end of the calendar year after the audit that covers them (§ 28f (1) SGB IV)", () => {
    expect(keepUntilDate("social_insurance_audit", "2027-06-30")).toBe("2028-12-31");
    expect(keepUntilDate("social_insurance_audit", "2027-12-31")).toBe("2028-12-31");
  });

  it("keeps booking vouchers 8 and books and the audit trail 10 years after the end of their year (§ 147 AO)", () => {
    expect(keepUntilDate("booking_vouchers", "2026-11-29")).toBe("2034-12-31");
    expect(keepUntilDate("books_and_audit_trail", "2026-11-29")).toBe("2036-12-31");
  });

  it("keeps the access log as long as the audit trail, the owner's longer period included", () => {
    expect(keepUntilDate("access_log", "2026-02-01")).toBe("2036-12-31");
    expect(keepUntilDate("access_log", "2026-02-01", { books_and_audit_trail: 12 })).toBe("2038-12-31");
  });

  it("takes an owner's longer period, and never a shorter one than the law's", () => {
    expect(keepUntilDate("wage_account", "2026-03-15", { wage_account: 9 })).toBe("2035-12-31");
    expect(yearsFor("booking_vouchers", { booking_vouchers: 3 })).toBe(8);
    expect(yearsFor("social_insurance_audit", {})).toBe(RETENTION_RULES.social_insurance_audit.legalYears);
  });

  it("refuses what is not a day", () => {
    expect(() => keepUntilDate("wage_account", "15.03.2026")).toThrow(/not a day/);
  });

  it("keeps pay records until the latest of their rules, and with no end before an audit covers their last month", () => {
    const records = { lastPeriod: "2026-11", lastVoucher: "2026-12-03" };
    expect(payRecordsKeepUntil(records, undefined)).toBeNull();
    expect(payRecordsKeepUntil(records, "2026-10-31")).toBeNull();
    // Vouchers of 2026 (+8) outlast the wage account (+6) and the audit of 2027 (+1).
    expect(payRecordsKeepUntil(records, "2027-06-30")).toBe("2034-12-31");
    expect(payRecordsKeepUntil({ ...records, lastVoucher: null }, "2027-06-30")).toBe("2032-12-31");
    expect(payRecordsKeepUntil({ ...records, lastVoucher: null }, "2040-01-15")).toBe("2041-12-31");
    expect(payRecordsKeepUntil(records, "2027-06-30", { booking_vouchers: 10 })).toBe("2036-12-31");
  });
});
