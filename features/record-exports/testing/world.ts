import { randomUUID } from "node:crypto";
import { buildSnapshot } from "@/features/month-close/sealing/snapshot";
import type { StoredLine } from "@/features/payroll/entries/kinds";

// A firm with a payroll company and records of it for the exports' tests: sealed versions, their
// lines, transfers, audit entries and access-log rows, in and out of the period the tests export.

export const COMPANY = 4711;
export const OTHER_COMPANY = 4712;

const loadDb = async () => (await import("@/lib/db/client")).getDb();

export const hours = (id: string, employeeId: number, hoursText: string, date: string): StoredLine => ({
  id,
  employee_id: employeeId,
  values: { type: "HOURLY_WAGE", total_hours: hoursText, total_amount: "15.5", date, cost_center_id: "=K1" },
});

const payment = (id: string, employeeId: number, amount: string): StoredLine => ({
  id,
  employee_id: employeeId,
  values: { type: "BONUS_PAYMENT", count: "", amount },
});

export async function seedFirm() {
  const db = await loadDb();
  const person = (name: string) =>
    db.user.create({ data: { accountingUserId: `exports:${randomUUID()}`, displayName: name }, select: { id: true } });
  const [owner, clerk, otherOwner] = await Promise.all([person("Olga Owner"), person("Carl Clerk"), person("Otto")]);
  const workspace = await db.workspace.create({
    data: {
      name: `Kanzlei Müller & Partner ${randomUUID().slice(0, 6)}`,
      members: {
        create: [
          { userId: owner.id, roles: ["owner"] },
          { userId: clerk.id, roles: ["clerk", "approver"] },
        ],
      },
    },
  });
  const other = await db.workspace.create({
    data: {
      name: `Other ${randomUUID().slice(0, 6)}`,
      members: { create: { userId: otherOwner.id, roles: ["owner"] } },
    },
  });
  const connection = await db.payrollConnection.create({
    data: {
      workspaceId: workspace.id,
      baseUrl: "http://127.0.0.1:1",
      username: `exports-${randomUUID().slice(0, 6)}`,
      apiKeyEncrypted: "x",
      companies: {
        create: [
          { companyId: COMPANY, name1: "Bäckerei Test", name2: "", address: {}, currentMonth: "2026-12" },
          { companyId: OTHER_COMPANY, name1: "Andere GmbH", name2: "", address: {}, currentMonth: "2026-12" },
        ],
      },
    },
  });
  const ids = { workspaceId: workspace.id, connectionId: connection.id };

  // Sealed versions: October v1; November v1 and v2 (reopened); December v1 (outside Oct–Nov); another company's November.
  const seal = async (companyId: number, period: string, version: number, lines: StoredLine[]) => {
    const built = buildSnapshot({
      companyId,
      period,
      version,
      month: {
        round: version,
        handedInById: null,
        handedInAt: null,
        submittedById: clerk.id,
        submittedAt: new Date(`${period}-28T09:00:00Z`),
        approvedById: owner.id,
        approvedAt: new Date(`${period}-28T10:00:00Z`),
        reopenReason: version > 1 ? "Anna worked 8 hours" : null,
        reopenedAt: version > 1 ? new Date(`${period}-28T11:00:00Z`) : null,
      },
      fourEyes: true,
      lines: {
        hours: lines.filter((line) => "total_hours" in line.values),
        payments: lines.filter((line) => "amount" in line.values),
      },
      findings: [{ rule: "hoursLimit", employeeId: 7, params: {} }],
      acknowledgements: [],
      sealedAtMigration: false,
    });
    return db.sealedMonth.create({
      data: {
        ...ids,
        companyId,
        period,
        version,
        content: built.content as object,
        hash: built.hash,
        sealedById: owner.id,
        sealedAt: new Date(`${period}-28T10:00:00Z`),
        texts: { create: built.texts },
      },
    });
  };
  const october = await seal(COMPANY, "2026-10", 1, [hours("h1", 7, "8", "2026-10-01"), payment("p1", 8, "-12.5")]);
  await seal(COMPANY, "2026-11", 1, [hours("h1", 7, "7.5", "2026-11-02")]);
  const novemberLines = [hours("h1", 7, "8", "2026-11-02"), hours("h2", 9, "4.25", "2026-11-03")];
  const november = await seal(COMPANY, "2026-11", 2, novemberLines);
  await seal(COMPANY, "2026-12", 1, [hours("h1", 7, "6", "2026-12-01")]);
  await seal(OTHER_COMPANY, "2026-11", 1, [hours("x1", 7, "1", "2026-11-01")]);

  await db.payrollEntryTransfer.create({
    data: {
      connectionId: connection.id,
      companyId: COMPANY,
      period: "2026-11",
      kind: "hours",
      userId: owner.id,
      userName: "Olga Owner",
      outcome: "succeeded",
      lines: novemberLines as object[],
      lineCount: 2,
      totalCents: "19088",
      sealedMonthId: november.id,
    },
  });
  await db.payrollEntryDraft.create({
    data: {
      connectionId: connection.id,
      companyId: COMPANY,
      period: "2026-12",
      kind: "hours",
      lines: {
        create: [
          { lineId: "d1", position: 0, employeeId: 7, values: { type: "HOURLY_WAGE", total_hours: "3" } },
          { lineId: "d2", position: 1, employeeId: 9, values: { type: "HOURLY_WAGE", total_hours: "2" } },
        ],
      },
    },
  });

  const actor = { workspaceId: workspace.id, userId: clerk.id, name: "Carl Clerk" };
  const { recordAudit } = await import("@/lib/audit/server/record");
  await db.$transaction(async (tx) => {
    await recordAudit(tx, actor, {
      kind: "draft.saved",
      companyId: COMPANY,
      period: "2026-11",
      details: { entryKind: "hours", whole: false, lines: [{ id: "h1", change: "changed", employeeId: 7 }] },
    });
    await recordAudit(tx, actor, {
      kind: "draft.saved",
      companyId: COMPANY,
      period: "2026-12",
      details: { entryKind: "hours", whole: false, lines: [{ id: "d1", change: "added", employeeId: 7 }] },
    });
    await recordAudit(tx, actor, {
      kind: "employee.check_settings",
      companyId: COMPANY,
      details: { employeeId: 9, name: "Bert", changes: {} },
    });
    await recordAudit(tx, actor, {
      kind: "draft.saved",
      companyId: OTHER_COMPANY,
      period: "2026-11",
      details: { entryKind: "hours", whole: false, lines: [{ id: "x1", change: "added", employeeId: 7 }] },
    });
  });
  const { recordExport } = await import("@/features/records/server/access-log/record");
  const viewer = { workspaceId: workspace.id, actorId: clerk.id };
  await recordExport({ ...viewer, kind: "import", companyId: COMPANY, period: "2026-10", employeeIds: [7, 8] });
  await recordExport({ ...viewer, kind: "import", companyId: COMPANY, period: "2026-12", employeeIds: [9] });

  return {
    db,
    ...ids,
    otherWorkspaceId: other.id,
    owner: { ...actor, userId: owner.id, name: "Olga Owner" },
    clerk: actor,
    otherOwner: { workspaceId: other.id, userId: otherOwner.id, name: "Otto" },
    octoberId: october.id,
    novemberId: november.id,
  };
}
