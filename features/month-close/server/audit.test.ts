import { randomUUID } from "node:crypto";
import { createTranslator } from "next-intl";
import { describe, expect } from "vitest";
import { test as it } from "@/features/accounting/testing/fixtures";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";
import type { AuditKind } from "@/lib/audit/kinds";

// The month close's steps reach the audit trail (in the step's transaction) and read in both languages.

describe("auditMonthStep", () => {
  it("records a step with its states, round and reason, and an owner's four-eyes choice", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { auditMonthStep } = await import("./audit");
    const { presentEntry } = await import("@/features/audit-trail/present");
    const db = getDb();
    const user = await db.user.create({
      data: { accountingUserId: `close-audit:${randomUUID()}`, displayName: "Arne Approver" },
    });
    const workspace = await db.workspace.create({
      data: { name: "Close audit", members: { create: { userId: user.id, roles: ["approver"] } } },
    });
    const actor = { workspaceId: workspace.id, userId: user.id, name: "Arne Approver", roles: ["approver"] as const };
    await db.$transaction(async (tx) => {
      await auditMonthStep(tx, {
        kind: "month_close.step",
        actor,
        companyId: 1001,
        period: "2026-11",
        action: "reopen",
        from: "transferred",
        to: "open",
        round: 2,
        details: { reason: "Hours were wrong" },
      });
      await auditMonthStep(tx, { kind: "workspace.four_eyes", actor, enabled: false });
    });
    const rows = await db.auditEntry.findMany({
      where: { workspaceId: workspace.id },
      orderBy: [{ occurredAt: "asc" }, { kind: "desc" }],
    });
    expect(rows.map((row) => [row.kind, row.actorName, row.companyId, row.period])).toEqual([
      // The person by reference (docs/adr/0298): no name in the row.
      ["month_close.step", null, 1001, "2026-11"],
      ["workspace.four_eyes", null, null, null],
    ]);
    expect(rows[0]!.details).toEqual({
      action: "reopen",
      from: "transferred",
      to: "open",
      round: 2,
      reason: "Hours were wrong",
    });

    const like = (row: (typeof rows)[number]) => ({
      ...row,
      kind: row.kind as AuditKind,
      details: row.details as Record<string, unknown>,
    });
    const say = (locale: "en" | "de") =>
      createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
    expect(presentEntry("en", say("en"), like(rows[0]!)).summary).toBe(
      "Reopened: Transferred → Open (round 2). Reason: Hours were wrong",
    );
    expect(presentEntry("de", say("de"), like(rows[1]!)).summary).toBe("Vier-Augen-Prinzip ausgeschaltet.");
  });

  it("records a warning's acknowledgement with its comment, and reads it in both languages", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { auditMonthStep } = await import("./audit");
    const { presentEntry } = await import("@/features/audit-trail/present");
    const db = getDb();
    const user = await db.user.create({
      data: { accountingUserId: `close-audit:${randomUUID()}`, displayName: "Clara Clerk" },
    });
    const workspace = await db.workspace.create({
      data: { name: "Close audit ack", members: { create: { userId: user.id, roles: ["clerk"] } } },
    });
    const actor = { workspaceId: workspace.id, userId: user.id, name: "Clara Clerk", roles: ["clerk"] as const };
    const subject = randomUUID();
    const details = {
      round: 2,
      warningId: "sundayPremium|2|hours|h2|date=2026-11-02",
      rule: "sundayPremium",
      employeeId: 2,
      entryKind: "hours",
      lineId: "h2",
      comment: "Sunday shift",
    };
    await db.$transaction((tx) =>
      auditMonthStep(tx, {
        kind: "month_close.acknowledged",
        actor,
        companyId: 1001,
        period: "2026-11",
        acknowledgementId: subject,
        details,
      }),
    );
    const [row] = await db.auditEntry.findMany({ where: { workspaceId: workspace.id } });
    expect(row).toMatchObject({
      kind: "month_close.acknowledged",
      actorName: null,
      companyId: 1001,
      period: "2026-11",
      subjectId: subject,
      details,
    });
    const like = { ...row!, kind: row!.kind as AuditKind, details: row!.details as Record<string, unknown> };
    const say = (locale: "en" | "de") =>
      createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;
    expect(presentEntry("en", say("en"), like)).toMatchObject({
      what: "Warning acknowledged",
      summary: "Sunday premium for employee 2 acknowledged (round 2): “Sunday shift”",
    });
    expect(presentEntry("de", say("de"), like)).toMatchObject({
      what: "Warnung bestätigt",
      summary: "Sonntagszuschlag bei Mitarbeiter 2 bestätigt (Runde 2): „Sunday shift“",
    });
  });

  it("records many acknowledgements of one person in one statement, one entry each as one at a time would", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { auditAcknowledgements, auditMonthStep } = await import("./audit");
    const db = getDb();
    const user = await db.user.create({
      data: { accountingUserId: `close-audit:${randomUUID()}`, displayName: "Clara Clerk" },
    });
    const workspace = await db.workspace.create({
      data: { name: "Close audit many", members: { create: { userId: user.id, roles: ["clerk"] } } },
    });
    const actor = { workspaceId: workspace.id, userId: user.id, name: "Clara Clerk", roles: ["clerk"] as const };
    const step = (employeeId: number) => ({
      kind: "month_close.acknowledged" as const,
      actor,
      companyId: 1001,
      period: "2026-11",
      acknowledgementId: randomUUID(),
      details: {
        round: 1,
        warningId: `noLines|${employeeId}|||`,
        rule: "noLines",
        employeeId,
        entryKind: null,
        lineId: null,
        comment: "Not employed",
      },
    });
    const one = step(1);
    const many = [2, 3, 4].map(step);
    await db.$transaction((tx) => auditMonthStep(tx, one));
    await db.$transaction((tx) => auditAcknowledgements(tx, many));
    const rows = await db.auditEntry.findMany({ where: { workspaceId: workspace.id }, orderBy: { subjectId: "asc" } });
    const shape = (row: (typeof rows)[number]) => ({
      kind: row.kind,
      actorId: row.actorId,
      actorName: row.actorName,
      companyId: row.companyId,
      period: row.period,
      subjectId: row.subjectId,
      details: row.details,
    });
    const expected = (s: ReturnType<typeof step>) => ({
      kind: s.kind,
      actorId: user.id,
      actorName: null,
      companyId: 1001,
      period: "2026-11",
      subjectId: s.acknowledgementId,
      details: s.details,
    });
    expect(rows.map(shape)).toEqual(
      [one, ...many].map(expected).sort((a, b) => a.subjectId.localeCompare(b.subjectId)),
    );
    await expect(
      db.$transaction((tx) =>
        auditAcknowledgements(tx, [...many, { ...step(5), actor: { ...actor, userId: randomUUID() } }]),
      ),
    ).rejects.toThrow("one person");
  });
});
