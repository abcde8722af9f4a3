import { describe, expect } from "vitest";
import { monthTest, service } from "@/features/month-close/server/testing/month-world";
import { decodeWindows1252 } from "../lodas/windows-1252";
import { companyDatevInputSchema, wageTypeRows } from "../settings/schemas";
import type { MonthWorld } from "@/features/month-close/server/testing/month-world";

// The export for DATEV against an in-process sandbox and the suite's Postgres, on the month
// close's test month (features/month-close/server/testing/month-world.ts): hours of employees 1
// (HOURLY_WAGE) and 2 (SUNDAY_PREMIUM), a bonus of employee 3.

const it = monthTest({ steps: [], wakes: [] });

const MAPPED: Record<string, string> = { HOURLY_WAGE: "100", SUNDAY_PREMIUM: "110", BONUS_PAYMENT: "200" };

async function configure(
  world: MonthWorld,
  mapped: Record<string, string> = MAPPED,
  target = "datev",
  program = "lodas",
) {
  const { saveCompanyDatevSettings } = await import("./settings");
  const rows = wageTypeRows({}).map((row) => ({ ...row, wageTypeNumber: mapped[row.type] ?? "" }));
  const input = companyDatevInputSchema.parse({
    consultantNumber: "1234567",
    clientNumber: "10102",
    program,
    target,
    wageTypes: rows,
  });
  const actor = { workspaceId: world.workspaceId, userId: world.owner.userId, name: world.owner.name };
  return saveCompanyDatevSettings(actor, world.connectionId, world.company.id, input);
}

async function exportMonth(world: MonthWorld) {
  const { exportForDatev } = await import("./export");
  return exportForDatev({
    actor: world.clerk,
    connectionId: world.connectionId,
    client: world.client,
    company: world.company,
    period: world.key.period,
  });
}

describe("Export for DATEV", () => {
  it("refuses a month that is not Approved (409), before any file", async ({ world, db }) => {
    await configure(world);
    await expect(exportMonth(world)).rejects.toMatchObject({ code: "month_state", status: 409 });
    expect(await db.datevExport.count({ where: { connectionId: world.connectionId } })).toBe(0);
  });

  it("refuses with every problem named (422) when a type has no wage type number", async ({ world, toApproved }) => {
    await configure(world, { HOURLY_WAGE: "100", BONUS_PAYMENT: "200" });
    await toApproved();
    await expect(exportMonth(world)).rejects.toMatchObject({
      code: "invalid",
      status: 422,
      extra: {
        problems: [expect.objectContaining({ code: "noWageType", type: "SUNDAY_PREMIUM", employeeId: 2, line: 1 })],
      },
    });
  });

  it("stores the file with its SHA-256 and marks the month Transferred to DATEV in its history", async ({
    world,
    toApproved,
    db,
  }) => {
    await configure(world);
    await toApproved();
    const made = await exportMonth(world);
    expect(made).toMatchObject({ state: "transferred", lineCount: 3, correction: false });
    const stored = await db.datevExport.findUniqueOrThrow({ where: { id: made.exportId } });
    const text = decodeWindows1252(stored.content);
    expect(stored.fileName).toBe(
      `1234567_10102_${world.key.period.slice(5)}_${world.key.period.slice(0, 4)}_Lodas.txt`,
    );
    const movement = text.split("[Bewegungsdaten]\r\n")[1]?.split("\r\n").filter(Boolean);
    const day = `01.${world.key.period.slice(5)}.${world.key.period.slice(0, 4)}`;
    expect(movement).toEqual([`1;${day};1;100;1;7,5;;`, `1;${day};2;110;1;4;;`, `1;${day};3;200;4;250;;`]);
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(stored.content).digest("hex")).toBe(stored.sha256);
    const month_ = await db.monthClose.findFirstOrThrow({ where: { connectionId: world.connectionId } });
    expect(month_).toMatchObject({ state: "transferred", transferTarget: "datev" });
    const history = await db.payrollEntryTransfer.findMany({ where: { connectionId: world.connectionId } });
    expect(history.map((row) => [row.kind, row.target, row.outcome]).sort()).toEqual([
      ["hours", "datev", "succeeded"],
      ["payments", "datev", "succeeded"],
    ]);
    // Each row holds the sealed version's lines, its count and total, and points at that version (#38 §1).
    const sealed = await db.sealedMonth.findFirstOrThrow({
      where: { connectionId: world.connectionId },
      orderBy: { version: "desc" },
    });
    const sealedLines = (sealed.content as { lines: Record<string, unknown[]> }).lines;
    for (const row of history) {
      expect(row.sealedMonthId).toBe(sealed.id);
      expect(row.lines).toEqual(sealedLines[row.kind]);
      expect(row.lineCount).toBe(sealedLines[row.kind]?.length);
      expect(row.userName).not.toBe("");
    }
    expect(history.find((row) => row.kind === "hours")?.lineCount).toBe(2);
    expect(month_.hoursTransferId).toBe(history.find((row) => row.kind === "hours")?.id);
    expect(month_.paymentsTransferId).toBe(history.find((row) => row.kind === "payments")?.id);
    const kinds = await db.auditEntry.findMany({
      where: { workspaceId: world.workspaceId },
      select: { kind: true, details: true },
    });
    expect(kinds.find((entry) => entry.kind === "month_close.datev_export")?.details).toMatchObject({
      sha256: stored.sha256,
    });
    const { storedExport } = await import("./export");
    const again = await storedExport(world.connectionId, world.company.id, world.key.period);
    expect(Buffer.compare(again.content, stored.content)).toBe(0);
    // The access log holds the export with the employees whose lines the file carries (issue #38 §4).
    expect(stored.employeeIds).toEqual([1, 2, 3]);
    const logged = await db.accessLogEntry.findMany({
      where: { workspaceId: world.workspaceId, kind: "datev_export" },
    });
    expect(logged).toEqual([
      expect.objectContaining({ actorId: world.clerk.userId, period: world.key.period, employeeIds: [1, 2, 3] }),
    ]);
  });

  it("refuses to change the target of an approved month, with the reason", async ({ world, toApproved }) => {
    await configure(world);
    await toApproved();
    await expect(configure(world, MAPPED, "payroll_service")).rejects.toMatchObject({
      code: "month_state",
      message: expect.stringContaining("cannot change"),
    });
  });

  it("marks a second export after a reopen as a correction, in the history and the file's comments", async ({
    world,
    toApproved,
    db,
  }) => {
    await configure(world);
    await toApproved();
    const first = await exportMonth(world);
    const { reopenMonth } = await service();
    await reopenMonth(world.key, world.approver, "Bonus was wrong");
    // The preview of the reopened month warns: LODAS would import both files.
    const { datevPreview } = await import("./preview");
    const preview = await datevPreview({ ...world, workspaceId: world.workspaceId, period: world.key.period });
    expect(preview.earlierExport).toEqual({ createdAt: expect.any(String), sha256: first.sha256 });
    await toApproved();
    const second = await exportMonth(world);
    expect(second.correction).toBe(true);
    const { listTransfers } = await import("@/features/payroll/entries/server/history");
    const history = await listTransfers(world.connectionId, world.company.id, "payments");
    // The file's world exported this month in an earlier test too: only the oldest export is no correction.
    const exports = history.filter((row) => row.target === "datev");
    expect(exports[0]?.correction).toBe(true);
    expect(exports.at(-1)?.correction).toBe(false);
    const stored = await db.datevExport.findUniqueOrThrow({ where: { id: second.exportId } });
    const text = decodeWindows1252(stored.content);
    expect(text).toContain(`* KORREKTUR: ersetzt den Export vom`);
    expect(text).toContain(first.sha256.slice(0, 16));
  });

  it("writes our Lohn und Gehalt layout for a LuG company and ships its format description", async ({
    world,
    toApproved,
    db,
  }) => {
    await configure(world, MAPPED, "datev", "lug");
    await toApproved();
    const made = await exportMonth(world);
    expect(made).toMatchObject({ program: "lug", lineCount: 3 });
    expect(made.fileName).toMatch(/^1234567_10102_\d{2}_\d{4}_LuG\.txt$/);
    const { storedExport, lugDescriptionOf } = await import("./export");
    const stored = await storedExport(world.connectionId, world.company.id, world.key.period);
    const [month, year] = [world.key.period.slice(5), world.key.period.slice(0, 4)];
    const lines = decodeWindows1252(stored.content).split("\r\n").slice(2).filter(Boolean);
    expect(lines).toEqual([
      `1;100;7,5;;;${month}/${year}`,
      `2;110;4;;;${month}/${year}`,
      `3;200;250;;;${month}/${year}`,
    ]);
    const description = lugDescriptionOf(stored);
    expect(description.fileName).toBe("1234567_10102_LuG_Formatbeschreibung_V1.txt");
    expect(decodeWindows1252(description.content)).toContain("Kopfzeilen=2");
    expect(() => lugDescriptionOf({ program: "lodas", fileName: stored.fileName })).toThrow(
      expect.objectContaining({ status: 409 }),
    );
    await db.datevCompanySettings.update({
      where: { connectionId_companyId: { connectionId: world.connectionId, companyId: world.company.id } },
      data: { program: "lodas" },
    });
  });

  it("answers 409 for the stored file of a month never exported", async ({ world }) => {
    const { storedExport } = await import("./export");
    await expect(storedExport(world.connectionId, world.company.id, "1999-01")).rejects.toMatchObject({ status: 409 });
  });
});
