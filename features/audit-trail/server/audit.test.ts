import { randomUUID } from "node:crypto";
import { createTranslator } from "next-intl";
import { describe, expect, inject } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";

// The audit trail against an in-process sandbox and the suite's Postgres: the trigger, every
// recorded kind through the services that record it, the draft diff, filters, paging and CSV.

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;

async function loadDb() {
  return (await import("@/lib/db/client")).getDb();
}

// The file's firm: its owner with Sabine's payroll connected, a clerk and a stranger; `person`
// adds another person with a personal workspace, `entries` reads the firm's audit trail.
const it = test
  .extend("firm", { scope: "file" }, async () => {
    const db = await loadDb();
    const person = async (name: string): Promise<string> => {
      const { ensurePersonalWorkspace } = await import("@/features/workspaces/server/personal");
      const user = await db.user.create({ data: { accountingUserId: `audit:${randomUUID()}`, displayName: name } });
      await ensurePersonalWorkspace(user.id);
      return user.id;
    };
    const ownerId = await person("Olga Owner");
    const workspace = await db.workspace.create({
      data: {
        name: `Audit firm ${randomUUID().slice(0, 6)}`,
        members: { create: { userId: ownerId, roles: ["owner"] } },
      },
    });
    const owner = { id: ownerId, workspaceId: workspace.id };
    const clerk = await person("Carl Clerk");
    const stranger = await person("Sam Stranger");
    const actor = { workspaceId: workspace.id, userId: ownerId, name: "Olga Owner" };
    const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
    const { payrollFor } = await import("@/features/payroll/server/access");
    const { requireCompany } = await import("@/features/payroll/connection/server/companies");
    await connectPayroll({ userId: owner.id, workspaceId: owner.workspaceId }, { apiKey: SABINE_KEY }, actor);
    const payroll = await payrollFor({ userId: owner.id, workspaceId: owner.workspaceId }, "payroll.edit");
    const connectionId = payroll.connection.id;
    const client = payroll.client;
    const company = await requireCompany(connectionId, COMPANY, client);
    return { db, owner, clerk, stranger, actor, connectionId, client, company, person };
  })
  .extend("owner", { scope: "file" }, async ({ firm }) => firm.owner)
  .extend("clerk", { scope: "file" }, async ({ firm }) => firm.clerk)
  .extend("stranger", { scope: "file" }, async ({ firm }) => firm.stranger)
  .extend("actor", { scope: "file" }, async ({ firm }) => firm.actor)
  .extend("connectionId", { scope: "file" }, async ({ firm }) => firm.connectionId)
  .extend("client", { scope: "file" }, async ({ firm }) => firm.client)
  .extend("company", { scope: "file" }, async ({ firm }) => firm.company)
  .extend("person", { scope: "file" }, async ({ firm }) => firm.person)
  .extend(
    "entries",
    { scope: "file" },
    async ({ firm: { db, owner } }) =>
      async (kind?: string) =>
        db.auditEntry.findMany({
          where: { workspaceId: owner.workspaceId, ...(kind ? { kind } : {}) },
          orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
        }),
  );

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });
const translator = (locale: "en" | "de") =>
  createTranslator({ locale, messages: MESSAGES[locale] as Messages }) as unknown as Translate;

describe("the audit table", () => {
  // The suite runs as the app's role, which may only read and append (scripts/db/roles.ts); the
  // trigger refuses the same to the table's owner (scripts/db/roles.test.ts).
  it("refuses UPDATE, DELETE and TRUNCATE in Postgres itself, and keeps its workspace", async ({
    db,
    owner,
    entries,
  }) => {
    const [entry] = await entries("payroll.connected");
    // The person by reference only (docs/adr/0298): the name is read from `users` when shown.
    expect(entry).toMatchObject({ actorId: owner.id, actorName: null, details: { username: "Sabine Krüger" } });
    await expect(
      db.$executeRawUnsafe(`UPDATE audit_entries SET kind = 'member.left' WHERE id = '${entry!.id}'`),
    ).rejects.toThrow(/permission denied for table audit_entries/);
    await expect(db.$executeRawUnsafe(`DELETE FROM audit_entries WHERE id = '${entry!.id}'`)).rejects.toThrow(
      /permission denied for table audit_entries/,
    );
    await expect(db.$executeRawUnsafe(`TRUNCATE audit_entries`)).rejects.toThrow(
      /permission denied for table audit_entries/,
    );
    await expect(db.auditEntry.deleteMany({ where: { workspaceId: owner.workspaceId } })).rejects.toThrow();
    await expect(db.workspace.delete({ where: { id: owner.workspaceId } })).rejects.toThrow();
    expect(await db.auditEntry.findUnique({ where: { id: entry!.id } })).toMatchObject({ kind: "payroll.connected" });
  });
});

describe("recording", () => {
  it("records invitations, joining, role changes, leaving and removal with who and what", async ({
    owner,
    clerk,
    stranger,
    entries,
  }) => {
    const { createInvitation, revokeInvitation } = await import("@/features/workspaces/server/invitations");
    const { acceptInvitation } = await import("@/features/workspaces/server/invitation-acceptance");
    const { changeRoles, removeMember } = await import("@/features/workspaces/server/members");
    const revoked = await createInvitation(owner.id, owner.workspaceId, ["viewer"]);
    await revokeInvitation(owner.id, owner.workspaceId, revoked.invitation.id);
    await revokeInvitation(owner.id, owner.workspaceId, revoked.invitation.id); // twice: one entry
    const used = await createInvitation(owner.id, owner.workspaceId, ["clerk"]);
    await acceptInvitation(used.token, clerk);
    await changeRoles(owner.id, owner.workspaceId, clerk, ["clerk", "approver"]);
    await removeMember(clerk, owner.workspaceId, clerk);
    const again = await createInvitation(owner.id, owner.workspaceId, ["viewer"]);
    await acceptInvitation(again.token, stranger);
    await removeMember(owner.id, owner.workspaceId, stranger);

    const trail = (await entries()).filter(
      (entry) => entry.kind.startsWith("member.") || entry.kind.startsWith("invitation."),
    );
    expect(trail.map((entry) => [entry.kind, entry.actorId])).toEqual([
      ["invitation.created", owner.id],
      ["invitation.revoked", owner.id],
      ["invitation.created", owner.id],
      ["member.joined", clerk],
      ["member.roles_changed", owner.id],
      ["member.left", clerk],
      ["invitation.created", owner.id],
      ["member.joined", stranger],
      ["member.removed", owner.id],
    ]);
    expect(trail[1]!.details).toEqual({ invitationId: revoked.invitation.id, roles: ["viewer"] });
    // Members by id only (docs/adr/0298); the trail names them when read.
    expect(trail[4]!.details).toEqual({
      memberId: clerk,
      memberName: null,
      from: ["clerk"],
      to: ["clerk", "approver"],
    });
    expect(trail[8]!.details).toEqual({ memberId: stranger, memberName: null, roles: ["viewer"] });
    const { listAuditEntries } = await import("@/lib/audit/server/query");
    const listed = (await listAuditEntries(owner.id, owner.workspaceId, {})).entries;
    expect(listed.find((entry) => entry.kind === "member.removed")).toMatchObject({
      actorName: "Olga Owner",
      actorErased: false,
      member: { name: "Sam Stranger", erased: false },
    });
  });

  it("records a draft save as exactly the changed cells, old → new, and nothing for a save that changes nothing", async ({
    owner,
    actor,
    connectionId,
    company,
    entries,
  }) => {
    const { patchEntryDraft, saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    const key = { connectionId, companyId: COMPANY, period: company.current_month, kind: "hours" as const };
    const first = await saveEntryDraft(
      key,
      [
        line("a", 1, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "12" }),
        line("b", 2, { type: "HOURLY_WAGE", total_hours: "4" }),
        line("c", 3, { total_hours: "1" }),
        line("blank", 9, { date: "" }),
      ],
      actor,
    );
    await patchEntryDraft(
      key,
      [
        { ...line("a", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "12" }), base: first.revision },
        { ...line("b", 2, { type: "HOURLY_WAGE", total_hours: "4", date: "" }), base: first.revision },
        line("d", 4, { type: "SUNDAY_PREMIUM" }),
      ],
      [],
      actor,
    );
    const whole = await saveEntryDraft(
      key,
      [
        line("a", 5, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "12" }),
        line("b", 2, { type: "HOURLY_WAGE", total_hours: "4" }),
        line("d", 4, { type: "SUNDAY_PREMIUM" }),
      ],
      actor,
    );
    // A patch that writes nothing new (the stored line already reads so) records nothing.
    await patchEntryDraft(
      key,
      [{ ...line("b", 2, { type: "HOURLY_WAGE", total_hours: "4" }), base: whole.revision }],
      [],
      actor,
    );

    const saves = await entries("draft.saved");
    expect(saves).toHaveLength(3);
    expect(
      saves.every(
        (entry) => entry.companyId === COMPANY && entry.period === company.current_month && entry.actorId === owner.id,
      ),
    ).toBe(true);
    // A blank line added is no change.
    expect(saves[0]!.details).toMatchObject({
      entryKind: "hours",
      whole: true,
      lines: [
        { id: "a", change: "added" },
        { id: "b", change: "added" },
        { id: "c", change: "added" },
      ],
    });
    expect((saves[0]!.details as { lines: unknown[] }).lines).toHaveLength(3);
    expect((saves[0]!.details as { lines: { cells: unknown }[] }).lines[0]!.cells).toEqual({
      type: [null, "HOURLY_WAGE"],
      total_hours: [null, "8"],
      total_amount: [null, "12"],
    });
    // The patch: one cell of "a", nothing of "b" (an empty date is no change), the new line "d".
    expect(saves[1]!.details).toEqual({
      entryKind: "hours",
      whole: false,
      lines: [
        { id: "a", change: "changed", employeeId: 1, cells: { total_hours: ["8", "7.5"] } },
        { id: "d", change: "added", employeeId: 4, cells: { type: [null, "SUNDAY_PREMIUM"] } },
      ],
    });
    // The whole save: "a" moved to employee 5, "c" dropped (the blank line went too: no change to record).
    expect(saves[2]!.details).toEqual({
      entryKind: "hours",
      whole: true,
      lines: [
        { id: "a", change: "changed", employeeId: 5, oldEmployeeId: 1 },
        { id: "c", change: "removed", employeeId: 3, cells: { total_hours: ["1", null] } },
      ],
    });
  });

  it("keeps a transfer's total in euros: 505.50 on the entry, the page and both CSVs", async ({
    owner,
    actor,
    connectionId,
    client,
    company,
    entries,
  }) => {
    const { transferEntries } = await import("@/features/payroll/entries/server/transfers");
    const { auditPageData } = await import("./page-data");
    const { auditCsvRows } = await import("../csv");
    const lines = [
      line("t1", 1, { type: "HOURLY_WAGE", total_hours: "10", total_amount: "50" }),
      line("t2", 2, { type: "HOURLY_WAGE", total_hours: "0.5", total_amount: "11" }),
    ];
    expect(
      (
        await transferEntries({
          audit: actor,
          connectionId,
          userId: owner.id,
          userName: "Olga Owner",
          client,
          company,
          kind: "hours",
          lines,
        })
      ).status,
    ).toBe("succeeded");
    const [entry] = await entries("transfer.sent");
    expect(entry!.details).toMatchObject({ lineCount: 2, totalEuros: "505.50" });
    expect(entry!.details).not.toHaveProperty("totalCents");

    const [en, de] = [translator("en"), translator("de")];
    const page = await auditPageData(owner.id, owner.workspaceId, { kind: "transfer.sent" }, en, "en");
    expect(page.entries[0]!.summary).toContain("Hours: 2 lines, total 505.50, sent.");
    const germanPage = await auditPageData(owner.id, owner.workspaceId, { kind: "transfer.sent" }, de, "de");
    expect(germanPage.entries[0]!.summary).toContain("Stunden: 2 Zeilen, Summe 505,50, übertragen.");
    const row = { ...entry!, kind: "transfer.sent" as const, details: entry!.details as Record<string, unknown> };
    expect(auditCsvRows(en, "en", row)).toContain("Hours: 2 lines, total 505.50, sent.");
    expect(auditCsvRows(de, "de", row)).toContain(";Stunden: 2 Zeilen, Summe 505,50, übertragen.");
  });

  it("for an auditor: employees named beside their numbers on the page and in the CSV, the company by name in the CSV", async ({
    db,
    owner,
    stranger,
    client,
    connectionId,
  }) => {
    const { auditPageData, companyLabels } = await import("./page-data");
    const { auditCsvRows } = await import("../csv");
    const { auditCompanies } = await import("@/lib/audit/server/query");
    const { auditNamesOf, employeeNames } = await import("./names");
    // The service's own names of employees 1 and 4 (the patch below changed their lines).
    const staff = new Map(
      (await client.listEmployees(COMPANY)).map((employee) => [
        employee.id,
        `${employee.first_name} ${employee.last_name}`,
      ]),
    );
    const en = translator("en");
    const page = await auditPageData(owner.id, owner.workspaceId, { kind: "draft.saved" }, en, "en");
    const patch = page.entries[1]!;
    expect(patch.changes.map((change) => change.where)).toEqual([
      `Employee 1 ${staff.get(1)}`,
      `Employee 4 ${staff.get(4)}, new line`,
    ]);
    expect(patch.company).toBe("Bäckerei Krüger GmbH (1001)");
    expect(patch.when).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d CES?T$/);

    const { listAuditEntries } = await import("@/lib/audit/server/query");
    const [row] = (await listAuditEntries(owner.id, owner.workspaceId, { kind: "draft.saved" })).entries.slice(1, 2);
    const names = auditNamesOf(
      companyLabels(en, await auditCompanies(owner.id, owner.workspaceId)),
      await employeeNames(owner.id, owner.workspaceId, [COMPANY]),
    );
    const csv = auditCsvRows(translator("de"), "de", row!, names).split("\r\n");
    expect(csv[0]).toMatch(
      new RegExp(
        `^\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d:\\d\\d MES?Z;Olga Owner;Entwurf geändert;Bäckerei Krüger GmbH \\(1001\\);\\d{4}-\\d\\d;Stunden: 2 Zeilen geändert\\.;Mitarbeiter 1 ${staff.get(1)};Stunden;8;7,5$`,
      ),
    );
    // A person who may not read this workspace's payroll gets numbers alone.
    expect((await employeeNames(stranger, owner.workspaceId, [COMPANY])).size).toBe(0);

    // An employee under an erasure request is marked wherever shown (docs/erasure.md), as the grid marks them.
    const request = await db.erasureRequest.create({
      data: {
        workspaceId: owner.workspaceId,
        connectionId,
        companyId: COMPANY,
        employeeId: 4,
        requestedById: owner.id,
        requestedAt: new Date("2026-11-30T10:00:00Z"),
      },
    });
    try {
      const marked = await auditPageData(owner.id, owner.workspaceId, { kind: "draft.saved" }, en, "en");
      expect(marked.entries[1]!.changes.map((change) => change.where)).toEqual([
        `Employee 1 ${staff.get(1)}`,
        `Employee 4 ${staff.get(4)} — Restricted (erasure requested on 30/11/2026), new line`,
      ]);
      const { restrictedMark } = await import("./names");
      const german = auditNamesOf(
        companyLabels(en, await auditCompanies(owner.id, owner.workspaceId)),
        await employeeNames(owner.id, owner.workspaceId, [COMPANY], restrictedMark(translator("de"), "de")),
      );
      expect(german.employee(COMPANY, 4)).toBe(`${staff.get(4)} — Eingeschränkt (Löschung beantragt am 30.11.2026)`);
      expect(german.employee(COMPANY, 1)).toBe(staff.get(1));
    } finally {
      await db.erasureRequest.delete({ where: { id: request.id } });
    }
  });

  it("renames the key of entries recorded before (totalCents holding euros) in its migration, the trigger on again after it", async ({
    db,
    owner,
  }) => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const folder = readdirSync("prisma/migrations").find((name) => name.endsWith("_audit_transfer_total_euros"))!;
    const sql = readFileSync(`prisma/migrations/${folder}/migration.sql`, "utf8");
    const subject = randomUUID();
    await db.auditEntry.create({
      data: {
        workspaceId: owner.workspaceId,
        actorId: owner.id,
        actorName: "Olga Owner",
        kind: "transfer.sent",
        companyId: COMPANY,
        period: "2026-01",
        subjectId: subject,
        details: { entryKind: "hours", lineCount: 5, totalCents: "505.50", outcome: "succeeded" },
      },
    });
    // As the migration runs: one simple-protocol query (scripts/db/schema-engine.ts), as the
    // migration role that owns the table (the app's role may not switch the trigger off).
    const pg = (await import("pg")).default;
    const migration = new pg.Client({ connectionString: inject("migrationDatabaseUrl") });
    await migration.connect();
    try {
      await migration.query(sql);
      // The trigger is on again: even the table's owner meets it.
      await expect(
        migration.query(`UPDATE audit_entries SET kind = 'member.left' WHERE subject_id = $1`, [subject]),
      ).rejects.toThrow(/append-only: UPDATE/);
    } finally {
      await migration.end();
    }
    const migrated = await db.auditEntry.findFirstOrThrow({ where: { subjectId: subject } });
    expect(migrated.details).toEqual({ entryKind: "hours", lineCount: 5, totalEuros: "505.50", outcome: "succeeded" });
    const en = translator("en");
    const { presentEntry } = await import("../present");
    expect(
      presentEntry("en", en, {
        ...migrated,
        kind: "transfer.sent",
        details: migrated.details as Record<string, unknown>,
      }).summary,
    ).toContain("total 505.50");
  });

  it("records transfers with what was sent and the outcome, employees created, imports, and a disconnect", async ({
    db,
    owner,
    stranger,
    actor,
    connectionId,
    client,
    company,
    entries,
  }) => {
    const { transferEntries } = await import("@/features/payroll/entries/server/transfers");
    const { recordEmployeeCreated, recordImportStarted, importedEmployeesStatement } =
      await import("@/features/payroll/employees/server/audit");
    const lines = [line("a", 1, { type: "HOURLY_WAGE", total_hours: "7.5", total_amount: "13.37" })];
    const sent = await transferEntries({
      audit: actor,
      connectionId,
      userId: owner.id,
      userName: "Olga Owner",
      client,
      company,
      kind: "hours",
      lines,
    });
    expect(sent.status).toBe("succeeded");
    const transfer = (await entries("transfer.sent")).at(-1);
    expect(transfer).toMatchObject({
      companyId: COMPANY,
      period: company.current_month,
      details: { entryKind: "hours", outcome: "succeeded", lineCount: 1, totalEuros: "100.28", lines },
    });

    await recordEmployeeCreated(actor, company, { id: 4711 });
    // By id only: no name in an append-only row (docs/erasure.md).
    const created = (await entries("employee.created"))[0]!;
    expect(created).toMatchObject({ companyId: COMPANY });
    expect(created.details).toEqual({ employeeId: 4711 });

    const imported = await db.payrollImport.create({
      data: {
        connectionId,
        companyId: COMPANY,
        total: 2,
        rows: {
          createMany: {
            data: [1, 2].map((row) => ({
              rowNumber: row,
              employeeId: 800 + row,
              payload: { first_name: `F${row}`, last_name: "L" },
            })),
          },
        },
      },
    });
    await db.$transaction((tx) =>
      recordImportStarted(tx, actor, company, imported.id, [
        { payload: {}, inUse: false },
        { payload: {}, inUse: true },
      ]),
    );
    await db.$transaction([importedEmployeesStatement(db, imported.id, [1, 2])]);
    expect((await entries("employee.import_started"))[0]!.details).toEqual({
      importId: imported.id,
      total: 2,
      pending: 1,
      inUse: 1,
      skipped: 0,
    });
    expect(JSON.stringify((await entries("employee.imported"))[0]!.details)).not.toContain("name");
    expect((await entries("employee.imported"))[0]).toMatchObject({
      actorId: owner.id,
      companyId: COMPANY,
      details: {
        importId: imported.id,
        employees: [
          { row: 1, employeeId: 801 },
          { row: 2, employeeId: 802 },
        ],
      },
    });

    // The filter's companies are named by the workspace's own connections, for its members only.
    const { auditCompanies } = await import("@/lib/audit/server/query");
    expect(await auditCompanies(owner.id, owner.workspaceId)).toEqual([{ id: COMPANY, name: "Bäckerei Krüger GmbH" }]);
    expect(await auditCompanies(stranger, owner.workspaceId)).toEqual([]);

    // Disconnect removes the key only: nothing is deleted, so nothing is recorded as deleted.
    const { deletePayrollData, disconnectPayroll } =
      await import("@/features/payroll/connection/server/workspace-connections");
    expect(await disconnectPayroll({ userId: owner.id, workspaceId: owner.workspaceId }, connectionId, actor)).toBe(
      true,
    );
    expect((await entries("payroll.disconnected"))[0]!.details).toEqual({
      username: "Sabine Krüger",
      baseUrl: expect.any(String),
    });
    expect(await entries("payroll.data_deleted")).toEqual([]);
    // "Delete all payroll data" records what went with it — once the law keeps its transfers no longer
    // (features/payroll/connection/server/retained.ts): the company's audit entered, the clock past 2034.
    const { getDb } = await import("@/lib/db/client");
    await getDb().companySocialInsuranceAudit.create({
      data: { workspaceId: owner.workspaceId, companyId: COMPANY, lastAuditOn: new Date("2030-06-30T00:00:00Z") },
    });
    const { setTestClockOffset, resetTestClock } = await import("@/lib/clock");
    setTestClockOffset(Date.parse("2040-01-02T12:00:00Z") - Date.now());
    try {
      expect(await deletePayrollData({ userId: owner.id, workspaceId: owner.workspaceId }, connectionId, actor)).toBe(
        true,
      );
    } finally {
      resetTestClock();
    }
    expect((await entries("payroll.data_deleted"))[0]!.details).toMatchObject({
      entryDrafts: 1,
      imports: 1,
      transfers: 2,
    });
  });
});

describe("reading", () => {
  it("filters, pages with a keyset, and shows a workspace's entries to its members only", async ({
    owner,
    clerk,
    stranger,
    company,
  }) => {
    const { listAuditEntries } = await import("@/lib/audit/server/query");
    const all = await listAuditEntries(owner.id, owner.workspaceId, {}, undefined, 1000);
    expect(all.entries.length).toBeGreaterThan(15);
    expect(all.next).toBeNull();
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await listAuditEntries(owner.id, owner.workspaceId, {}, after, 4);
      seen.push(...page.entries.map((entry) => entry.id));
      after = page.next ?? undefined;
    } while (after);
    expect(seen).toEqual(all.entries.map((entry) => entry.id));

    const drafts = await listAuditEntries(owner.id, owner.workspaceId, {
      kind: "draft.saved",
      company: COMPANY,
      period: company.current_month,
    });
    expect(drafts.entries).toHaveLength(3);
    expect(
      (await listAuditEntries(owner.id, owner.workspaceId, { person: clerk })).entries.map((entry) => entry.kind),
    ).toEqual(["member.left", "member.joined"]);
    expect((await listAuditEntries(owner.id, owner.workspaceId, { company: 999 })).entries).toEqual([]);
    expect((await listAuditEntries(owner.id, owner.workspaceId, { to: "2000-01-01" })).entries).toEqual([]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
    expect(
      (await listAuditEntries(owner.id, owner.workspaceId, { from: today, to: today }, undefined, 1000)).entries,
    ).toHaveLength(all.entries.length);
    // A former member and a stranger read nothing.
    expect((await listAuditEntries(clerk, owner.workspaceId, {})).entries).toEqual([]);
    expect((await listAuditEntries(stranger, owner.workspaceId, {})).entries).toEqual([]);
  });

  it("exports CSV in the person's language: German `;` with decimal commas, English `,`", async ({ owner }) => {
    const { listAuditEntries } = await import("@/lib/audit/server/query");
    const { auditCsvHeader, auditCsvRows } = await import("../csv");
    const [patch] = (await listAuditEntries(owner.id, owner.workspaceId, { kind: "draft.saved" })).entries.slice(1, 2);
    const de = createTranslator({ locale: "de", messages: MESSAGES.de as Messages }) as unknown as Translate;
    const en = createTranslator({ locale: "en", messages: MESSAGES.en as Messages }) as unknown as Translate;
    expect(auditCsvHeader(de, "de")).toBe(
      "Wann;Wer;Änderung;Firma;Abrechnungsmonat;Einzelheiten;Zeile;Feld;Alter Wert;Neuer Wert\r\n",
    );
    const german = auditCsvRows(de, "de", patch!).split("\r\n");
    expect(german[0]).toMatch(
      /^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d MES?Z;Olga Owner;Entwurf geändert;1001;\d{4}-\d\d;Stunden: 2 Zeilen geändert\.;Mitarbeiter 1;Stunden;8;7,5$/,
    );
    expect(german[1]).toMatch(/;Mitarbeiter 4, neue Zeile;Art;\(leer\);Sonntagszuschlag$/);
    const english = auditCsvRows(en, "en", patch!).split("\r\n");
    expect(english[0]).toMatch(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d CES?T,Olga Owner,Draft changed,1001,\d{4}-\d\d,Hours: 2 lines changed\.,Employee 1,Hours,8,7\.5$/,
    );
  });
});
