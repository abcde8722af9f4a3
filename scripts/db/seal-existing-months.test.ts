import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "@/lib/db/client";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { canonicalHash } from "@/features/month-close/sealing/canonical";
import { textMatches, type MonthSnapshot } from "@/features/month-close/sealing/snapshot";
import { sealExistingMonths } from "./seal-existing-months";

// The migration step on a database of the file's own, with months as they were before sealing:
// the approved ones get version 1 from their frozen drafts, with the hash the app computes; a
// second run seals nothing more; open months are left alone.

let database: Awaited<ReturnType<typeof ownDatabase>>;
let db: ReturnType<typeof createPrismaClient>;
const connectionId = randomUUID();
const approverId = randomUUID();

beforeAll(async () => {
  database = await ownDatabase();
  db = createPrismaClient(database.urls.appUrl);
  const workspace = await db.workspace.create({ data: { name: "Sealing at migration" } });
  await db.payrollConnection.create({
    data: {
      id: connectionId,
      workspaceId: workspace.id,
      baseUrl: "http://127.0.0.1:1/payroll",
      username: `seal-${connectionId}`,
      apiKeyEncrypted: "not read by this test",
    },
  });
  const states = {
    "2026-08": "transferred",
    "2026-09": "waiting_for_pay_run",
    "2026-10": "approved",
    "2026-11": "open",
  };
  for (const [period, state] of Object.entries(states)) {
    const month = await db.monthClose.create({
      data: {
        connectionId,
        companyId: 7,
        period,
        state: state as "open",
        round: 2,
        submittedById: randomUUID(),
        submittedAt: new Date("2026-11-01T10:00:00.123Z"),
        approvedById: state === "open" ? null : approverId,
        approvedAt: state === "open" ? null : new Date("2026-11-01T11:00:00.456Z"),
        reopenReason: "Overtime of Ms Example was missing",
        reopenedAt: new Date("2026-10-30T08:00:00Z"),
        fourEyesAtSubmission: true,
      },
    });
    await db.monthCloseAcknowledgement.create({
      data: {
        monthCloseId: month.id,
        round: 2,
        warningId: "sundayPremium|3|hours|b||date=2026-11-01",
        comment: "Ms Example worked",
        userName: "Ann",
        userId: approverId,
      },
    });
    await db.payrollEntryDraft.create({ data: { connectionId, companyId: 7, period, kind: "hours" } });
    await db.payrollEntryDraftLine.createMany({
      data: [
        {
          connectionId,
          companyId: 7,
          period,
          kind: "hours",
          lineId: "b",
          position: 2,
          employeeId: 3,
          values: { type: "HOURLY_WAGE", total_hours: "4" },
        },
        {
          connectionId,
          companyId: 7,
          period,
          kind: "hours",
          lineId: "a",
          position: 1,
          employeeId: 3,
          values: { type: "HOURLY_WAGE", total_hours: "8" },
        },
        {
          connectionId,
          companyId: 7,
          period,
          kind: "hours",
          lineId: "x",
          position: 3,
          employeeId: 3,
          values: { type: "HOURLY_WAGE" },
          deleted: true,
        },
        {
          connectionId,
          companyId: 7,
          period,
          kind: "hours",
          lineId: "e",
          position: 4,
          employeeId: 3,
          values: { type: "" },
        },
      ],
    });
  }
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe("sealing months approved before sealing existed (the migration step)", () => {
  it("gives each approved month version 1 from its frozen drafts, with the app's hash, once", async () => {
    // In a zone other than UTC too: the stored times are UTC whatever the process's zone.
    const zone = process.env.TZ;
    process.env.TZ = "Europe/Berlin";
    try {
      expect(await sealExistingMonths(database.urls.migrationUrl)).toBe(3);
    } finally {
      process.env.TZ = zone;
    }
    expect(await sealExistingMonths(database.urls.migrationUrl)).toBe(0);

    const sealed = await db.sealedMonth.findMany({
      where: { connectionId },
      orderBy: { period: "asc" },
      include: { texts: true },
    });
    expect(sealed.map((row) => [row.period, row.version, row.sealedAtMigration, row.sealedById])).toEqual([
      ["2026-08", 1, true, null],
      ["2026-09", 1, true, null],
      ["2026-10", 1, true, null],
    ]);
    for (const row of sealed) {
      const content = row.content as unknown as MonthSnapshot;
      expect(canonicalHash(row.content)).toBe(row.hash);
      expect(content.lines.hours.map((line) => line.id)).toEqual(["a", "b"]);
      expect(content).toMatchObject({
        sealedAtMigration: true,
        findings: null,
        round: 2,
        review: {
          approvedById: approverId,
          approvedAt: "2026-11-01T11:00:00.456Z",
          submittedAt: "2026-11-01T10:00:00.123Z",
          fourEyes: true,
        },
      });
      // No personal text inside the sealed content; the texts beside it verify against it.
      expect(JSON.stringify(row.content)).not.toContain("Example");
      const byRef = new Map(row.texts.map((text) => [text.ref, text]));
      expect(textMatches(content.reopening!.reason, byRef.get("reopen_reason")!)).toBe(true);
      expect(textMatches(content.acknowledgements[0]!.comment, byRef.get("ack:1")!)).toBe(true);
    }
    // Each sealing is in the trail once, by nobody, marked as done at migration, naming its version.
    const entries = await db.auditEntry.findMany({ where: { kind: "month_close.sealed" }, orderBy: { period: "asc" } });
    expect(entries.map((entry) => [entry.period, entry.actorId, entry.subjectId, entry.details])).toEqual(
      sealed.map((row) => [
        row.period,
        null,
        row.id,
        { version: 1, hash: row.hash, round: 2, sealedAtMigration: true },
      ]),
    );
  });

  it("refuses to change what it sealed: the app's role has no right to, the owner meets the trigger", async () => {
    const client = new pg.Client({ connectionString: database.urls.appUrl });
    await client.connect();
    try {
      await expect(client.query("UPDATE sealed_months SET hash = 'x'")).rejects.toThrow(/permission denied/);
      await expect(client.query("DELETE FROM sealed_months")).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
    }
    const owner = new pg.Client({ connectionString: database.urls.migrationUrl });
    await owner.connect();
    try {
      await expect(owner.query("UPDATE sealed_months SET hash = 'x'")).rejects.toThrow(/append-only: UPDATE/);
      await expect(owner.query("DELETE FROM sealed_months")).rejects.toThrow(/append-only: DELETE/);
    } finally {
      await owner.end();
    }
  });
});
