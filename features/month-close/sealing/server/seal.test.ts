import { describe, expect, vi } from "vitest";
import type { MonthStep } from "@/features/month-close/server/audit";
import { ownMonthDatabase } from "@/features/month-close/server/testing/own-month-database";
import {
  COMPANY,
  hoursLines,
  line,
  monthTest,
  recordingAudit,
  recordingWakes,
  service,
} from "@/features/month-close/server/testing/month-world";
import { canonicalHash } from "../canonical";
import { diffVersions } from "../diff";
import { textMatches } from "../snapshot";

// Sealing against an in-process sandbox and Postgres, as the app's role: an approval seals the
// month, a reopened and re-approved month gets the next version with the reason, the Transfer sends
// the sealed version whatever happened to the drafts since, and nothing can change a sealed row.
// On a database of the file's own (its Transfers' re-reads are due rows of the whole database).

const steps: MonthStep[] = [];
vi.mock("@/features/month-close/server/audit", () => recordingAudit(steps));
const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));

const it = monthTest({ steps, wakes }).override("db", { scope: "file" }, async ({ sandbox }, { onCleanup }) => {
  void sandbox; // the sandbox's configuration first, then this file's own database for the app
  return ownMonthDatabase(onCleanup);
});

describe("sealing a month", () => {
  it("approve seals version n with its hash in the audit trail; reopen and approve again seal n + 1 with the reason; both stay readable", async ({
    world: { clerk, approver, key, context, workspaceId },
    db,
  }) => {
    const { submitMonth, approveMonth, reopenMonth } = await service();
    const { readSealedMonth } = await import("./read-sealed-month");
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    const before = (await readSealedMonth(key))?.version ?? 0;

    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    const first = (await readSealedMonth(key))!;
    expect(first).toMatchObject({
      version: before + 1,
      intact: true,
      sealedById: approver.userId,
      sealedAtMigration: false,
    });
    expect(first.hash).toBe(canonicalHash(first.content));
    expect(first.content.lines.hours.map((entry) => entry.id)).toEqual(["h1", "h2"]);
    expect(first.content.review).toMatchObject({
      submittedById: clerk.userId,
      approvedById: approver.userId,
      fourEyes: true,
    });
    expect(first.content.reopening).toBeNull();
    const trail = await db.auditEntry.findMany({ where: { workspaceId, kind: "month_close.sealed" } });
    expect(trail.at(-1)).toMatchObject({
      actorId: approver.userId,
      subjectId: first.id,
      details: { version: first.version, hash: first.hash },
    });

    const reason = "Employee 1 worked 8 hours, not 7.5";
    await reopenMonth(key, approver, reason);
    const changed = hoursLines(key.period).map((entry) =>
      entry.id === "h1" ? line("h1", 1, { ...entry.values, total_hours: "8" }) : entry,
    );
    await saveEntryDraft({ ...key, kind: "hours" }, changed, null);
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);

    const second = (await readSealedMonth(key))!;
    expect(second.version).toBe(first.version + 1);
    expect(second.hash).not.toBe(first.hash);
    const kept = await db.sealedMonthText.findUniqueOrThrow({
      where: { sealedMonthId_ref: { sealedMonthId: second.id, ref: "reopen_reason" } },
    });
    expect(kept.text).toBe(reason);
    expect(textMatches(second.content.reopening!.reason, kept)).toBe(true);
    // The reason is not inside the hashed content (a later erasure may delete the text).
    expect(JSON.stringify(second.content)).not.toContain("7.5,");
    expect(JSON.stringify(second.content)).not.toContain(reason);

    const earlier = (await readSealedMonth(key, { version: first.version }))!;
    expect(earlier).toMatchObject({ hash: first.hash, intact: true });
    expect(diffVersions(earlier.content.lines, second.content.lines)).toEqual([
      {
        employeeId: 1,
        lines: [
          expect.objectContaining({
            lineId: "h1",
            change: "changed",
            fields: [{ field: "total_hours", from: "7.5", to: "8" }],
          }),
        ],
      },
    ]);
    // The file's first test also makes its world (a connection, the sandbox): more than the default 30 s on a busy machine.
  }, 120_000);

  it("the Transfer sends the sealed version even when the drafts were changed in the database since, and its rows name the version", async ({
    world: { client, company, clerk, key },
    db,
    sandbox,
    toApproved,
  }) => {
    const { transferMonth } = await service();
    const { readSealedMonth } = await import("./read-sealed-month");
    await toApproved();
    const sealed = (await readSealedMonth(key))!;
    // Tampered behind the app's back: the frozen drafts say 99 hours now.
    await db.payrollEntryDraftLine.updateMany({
      where: { connectionId: key.connectionId, companyId: COMPANY, period: key.period, lineId: "h1" },
      data: { values: { type: "HOURLY_WAGE", total_hours: "99", total_amount: "14.5" } },
    });
    const result = await transferMonth(key, clerk, client, company);
    expect(result).toMatchObject({ outcome: { hours: "succeeded", payments: "succeeded" } });
    const held = (
      await sandbox.control<{ employee_id: number; total_hours: number }[]>(
        "GET",
        `/payroll/companies/${COMPANY}/hourly_compensations`,
      )
    ).body;
    expect(held.find((entry) => entry.employee_id === 1)).toMatchObject({ total_hours: 7.5 });
    const history = await db.payrollEntryTransfer.findMany({
      where: { connectionId: key.connectionId, period: key.period, sealedMonthId: sealed.id },
    });
    expect(history.map((row) => row.kind).sort()).toEqual(["hours", "payments"]);
    const rereads = await db.monthCloseReread.findMany({ where: { sealedMonthId: sealed.id } });
    expect(rereads).toHaveLength(2);
  });

  it("refuses the app's role to change or remove a sealed version", async ({
    world: { clerk, approver, key, context },
    db,
  }) => {
    const { submitMonth, approveMonth } = await service();
    await submitMonth(key, clerk, context);
    await approveMonth(key, approver, context);
    // This file's database client connects as the app's role, as production runs the app.
    const [role] = await db.$queryRaw<{ user: string }[]>`SELECT current_user AS user`;
    expect(role!.user).toMatch(/_app$/);
    await expect(db.$executeRaw`UPDATE sealed_months SET hash = 'forged'`).rejects.toThrow(/permission denied/);
    await expect(db.$executeRaw`DELETE FROM sealed_months`).rejects.toThrow(/permission denied/);
    await expect(db.$executeRaw`TRUNCATE sealed_months`).rejects.toThrow(/permission denied/);
    await expect(db.sealedMonth.deleteMany({})).rejects.toThrow(/permission denied/);
  });
});
