import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// The retention settings and a company's last audit against the suite's Postgres: owners only,
// audited, and `keepUntil` reading both.

const loadDb = async () => (await import("@/lib/db/client")).getDb();
const LAW = { wage_account: 6, social_insurance_audit: 1, booking_vouchers: 8, books_and_audit_trail: 10 };

const it = test.extend("firm", { scope: "file" }, async () => {
  const db = await loadDb();
  const person = (name: string) =>
    db.user.create({ data: { accountingUserId: `records:${randomUUID()}`, displayName: name }, select: { id: true } });
  const [owner, clerk] = await Promise.all([person("Olga Owner"), person("Carl Clerk")]);
  const workspace = await db.workspace.create({
    data: {
      name: `Records firm ${randomUUID().slice(0, 6)}`,
      members: {
        create: [
          { userId: owner.id, roles: ["owner"] },
          { userId: clerk.id, roles: ["clerk"] },
        ],
      },
    },
  });
  const connection = await db.payrollConnection.create({
    data: {
      workspaceId: workspace.id,
      baseUrl: "http://127.0.0.1:1",
      username: `records-${randomUUID().slice(0, 6)}`,
      apiKeyEncrypted: "x",
      companies: {
        create: { companyId: 4711, name1: "Bäckerei Test", name2: "", address: {}, currentMonth: "2026-11" },
      },
    },
  });
  return {
    owner: { workspaceId: workspace.id, userId: owner.id, name: "Olga Owner" },
    clerk: { workspaceId: workspace.id, userId: clerk.id, name: "Carl Clerk" },
    connectionId: connection.id,
  };
});

describe("retention", () => {
  it("is the law's until an owner lengthens it; each change is audited with old and new years", async ({ firm }) => {
    const { retentionYears, saveRetention } = await import("./settings");
    const { keepUntilDate } = await import("../retention");
    const keepUntil = async (
      recordClass: "wage_account" | "access_log",
      record: { workspaceId: string; event: string },
    ) => keepUntilDate(recordClass, record.event, await retentionYears(record.workspaceId));
    expect(await retentionYears(firm.owner.workspaceId)).toEqual(LAW);
    expect(await keepUntil("wage_account", { workspaceId: firm.owner.workspaceId, event: "2026-03-15" })).toBe(
      "2032-12-31",
    );
    const saved = await saveRetention(firm.owner, { years: { ...LAW, wage_account: 8, books_and_audit_trail: 11 } });
    expect(saved).toEqual({ ...LAW, wage_account: 8, books_and_audit_trail: 11 });
    expect(await keepUntil("wage_account", { workspaceId: firm.owner.workspaceId, event: "2026-03-15" })).toBe(
      "2034-12-31",
    );
    // The access log follows the trail's period.
    expect(await keepUntil("access_log", { workspaceId: firm.owner.workspaceId, event: "2026-03-15" })).toBe(
      "2037-12-31",
    );
    const entries = await (
      await loadDb()
    ).auditEntry.findMany({
      where: { workspaceId: firm.owner.workspaceId, kind: "records.retention" },
    });
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: firm.owner.userId,
        details: { changes: { wage_account: [6, 8], books_and_audit_trail: [10, 11] } },
      }),
    ]);
  });

  it("is refused to a member who is not an owner", async ({ firm }) => {
    const { saveRetention } = await import("./settings");
    await expect(saveRetention(firm.clerk, { years: { ...LAW, booking_vouchers: 9 } })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("the last social insurance audit", () => {
  it("is entered per company by an owner, audited, and sets the pay records' keep-until", async ({ firm }) => {
    const { retentionYears, saveSocialAudit, socialAudits } = await import("./settings");
    const { keepUntilDate } = await import("../retention");
    const keepUntil = async (_: "social_insurance_audit", record: { workspaceId: string; companyId: number }) => {
      const audit = (await socialAudits(record.workspaceId)).get(record.companyId);
      return audit ? keepUntilDate("social_insurance_audit", audit, await retentionYears(record.workspaceId)) : null;
    };
    const where = { workspaceId: firm.owner.workspaceId, companyId: 4711 };
    expect(await keepUntil("social_insurance_audit", where)).toBeNull();
    await saveSocialAudit(firm.owner, { companyId: 4711, lastAuditOn: "2027-05-20" });
    expect(await keepUntil("social_insurance_audit", where)).toBe("2028-12-31");
    await expect(saveSocialAudit(firm.owner, { companyId: 999, lastAuditOn: "2027-05-20" })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(saveSocialAudit(firm.clerk, { companyId: 4711, lastAuditOn: null })).rejects.toMatchObject({
      code: "forbidden",
    });
    await saveSocialAudit(firm.owner, { companyId: 4711, lastAuditOn: null });
    expect(await keepUntil("social_insurance_audit", where)).toBeNull();
    const entries = await (
      await loadDb()
    ).auditEntry.findMany({
      where: { workspaceId: firm.owner.workspaceId, kind: "records.social_audit" },
      orderBy: { occurredAt: "asc" },
    });
    expect(entries.map((entry) => entry.details)).toEqual([
      { from: null, to: "2027-05-20" },
      { from: "2027-05-20", to: null },
    ]);
  });
});
