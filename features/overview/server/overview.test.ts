import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import { describe, expect, onTestFinished, vi } from "vitest";
import type { MonthStep } from "@/features/month-close/server/audit";
import { line, monthTest, recordingWakes, service } from "@/features/month-close/server/testing/month-world";

// The firm overview's server against an in-process sandbox (Sabine Krüger's customer: companies
// 1001 and 1002) and the suite's Postgres: the stored state refreshed by the jobs' work, checked
// again without the service after a draft change, the rows with their dates, filters and order,
// assignment and bulk approval with per-item results, and who may see and do what.

const wakes: Date[] = [];
vi.mock("@/features/month-close/server/jobs", () => recordingWakes(wakes));
const steps: MonthStep[] = [];
const it = monthTest({ steps, wakes });

const viewerOf = (actor: { userId: string; workspaceId: string; roles: readonly WorkspaceRoleName[] }) => ({
  userId: actor.userId,
  workspaceId: actor.workspaceId,
  roles: actor.roles,
});
const ALL = { show: [], connection: null, q: null };
/** The requests the sandbox's services have answered since its last reset. */
const requestsSoFar = async (sandbox: { control(method: string, path: string): Promise<{ body: unknown }> }) =>
  ((await sandbox.control("GET", "/stats")).body as { requests: number }).requests;

describe("the stored state", () => {
  it("is refreshed per company by the job's work, and the rows read it from Postgres only", async ({
    world,
    sandbox,
    db,
  }) => {
    const { refreshConnection } = await import("./refresh");
    const { overviewFor } = await import("./rows");
    await db.payrollCompanyState.deleteMany({ where: { connectionId: world.connectionId } });
    const before = await overviewFor(viewerOf(world.clerk), ALL);
    expect(before.rows.map((row) => [row.companyId, row.blockers, row.refreshedAt])).toEqual(
      expect.arrayContaining([
        [1001, null, null],
        [1002, null, null],
      ]),
    );
    expect(await refreshConnection(world.connectionId)).toEqual({ companies: 2, failed: 0, error: null });
    const requests = await requestsSoFar(sandbox);
    const after = await overviewFor(viewerOf(world.clerk), ALL);
    expect(await requestsSoFar(sandbox)).toBe(requests);
    const bakery = after.rows.find((row) => row.companyId === 1001)!;
    expect(bakery).toMatchObject({
      connectionId: world.connectionId,
      connectionName: "Sabine Krüger",
      name: "Bäckerei Krüger GmbH Brot und Feingebäck seit 1952",
      period: world.key.period,
      state: "open",
      shownState: "open",
      employeeCount: 5,
      lastError: null,
      landNotSet: true,
      landSource: "none",
      mine: false,
      mayApprove: false,
    });
    expect(bakery.blockers).toEqual(expect.any(Number));
    expect(bakery.refreshedAt).not.toBeNull();
    expect(bakery.statementLastDay < bakery.contributionStatement).toBe(true);
    expect(after.rows.find((row) => row.companyId === 1002)).toMatchObject({ employeeCount: 12 });
    const health = await db.payrollConnectionHealth.findUnique({ where: { connectionId: world.connectionId } });
    expect(health).toMatchObject({ keyAccepted: true, lastError: null });
    expect(health?.lastSuccessAt).not.toBeNull();
  });

  it("is checked again without the service when the month's drafts change", async ({ world, sandbox }) => {
    const { refreshConnection, recheckStale } = await import("./refresh");
    const { staleStates } = await import("./input-stamps");
    const { overviewFor } = await import("./rows");
    await refreshConnection(world.connectionId);
    const blockersBefore = (await overviewFor(viewerOf(world.clerk), ALL)).rows.find(
      (row) => row.companyId === 1001,
    )!.blockers!;
    expect((await staleStates(50)).filter((state) => state.connectionId === world.connectionId)).toEqual([]);
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await saveEntryDraft(
      { ...world.key, kind: "payments" },
      [line("p1", 3, { type: "BONUS_PAYMENT", amount: "abc" })],
      null,
    );
    expect((await staleStates(50)).map((state) => state.companyId)).toContain(1001);
    const requests = await requestsSoFar(sandbox);
    expect(await recheckStale()).toBeGreaterThanOrEqual(1);
    expect(await requestsSoFar(sandbox)).toBe(requests);
    const row = (await overviewFor(viewerOf(world.clerk), { ...ALL, show: ["blocked"] })).rows.find(
      (r) => r.companyId === 1001,
    );
    expect(row?.blockers).toBe(blockersBefore + 1);
  });

  it("follows a change of the month at once: Postgres notifies the company and this process checks it again", async ({
    world,
  }) => {
    const { refreshConnection } = await import("./refresh");
    const { listenForMonthChanges, stopListeningForMonthChanges, OVERVIEW_CHANNEL } = await import("./changes");
    const { overviewFor } = await import("./rows");
    const { listenerName } = await import("@/lib/db/notification-feed");
    await refreshConnection(world.connectionId);
    const blockers = async () =>
      (await overviewFor(viewerOf(world.clerk), ALL)).rows.find((row) => row.companyId === 1001)!.blockers;
    const before = (await blockers())!;
    listenForMonthChanges();
    onTestFinished(() => stopListeningForMonthChanges());
    const { getDb } = await import("@/lib/db/client");
    await vi.waitFor(
      async () => {
        const [listening] = await getDb().$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = ${listenerName(OVERVIEW_CHANNEL)}`;
        expect(listening!.count).toBe(1);
      },
      { timeout: 10_000 },
    );
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    await saveEntryDraft(
      { ...world.key, kind: "payments" },
      [line("p1", 3, { type: "BONUS_PAYMENT", amount: "abc" })],
      null,
    );
    await vi.waitFor(async () => expect(await blockers()).toBe(before + 1), { timeout: 15_000, interval: 500 });
  });

  it("keeps the last error per company when the service refuses the key, and the connection's health says so", async ({
    world,
    db,
    sandbox,
  }) => {
    const { refreshConnection } = await import("./refresh");
    const { overviewFor } = await import("./rows");
    const { forgetContactNotes } = await import("@/features/payroll/connection/server/contact-health");
    await refreshConnection(world.connectionId);
    forgetContactNotes();
    const { sealSecret } = await import("@/lib/server/secrets");
    const sealed = sealSecret("pk_sandbox_000000000000000000000000", {
      table: "payroll_connections",
      column: "api_key_encrypted",
      rowId: world.connectionId,
    });
    const kept = await db.payrollConnection.findUniqueOrThrow({ where: { id: world.connectionId } });
    await db.payrollConnection.update({ where: { id: world.connectionId }, data: { apiKeyEncrypted: sealed } });
    try {
      const result = await refreshConnection(world.connectionId);
      expect(result.error).toEqual(expect.any(String));
      const rows = (await overviewFor(viewerOf(world.clerk), ALL)).rows;
      expect(rows.find((row) => row.companyId === 1001)?.lastError).toEqual(expect.any(String));
      expect(rows.find((row) => row.companyId === 1001)?.refreshedAt).not.toBeNull();
      const { payrollHealth } = await import("./health");
      expect((await payrollHealth(world.clerk.userId, world.workspaceId))[0]).toMatchObject({
        connectionId: world.connectionId,
        connected: true,
        keyAccepted: false,
        lastError: expect.any(String),
      });
    } finally {
      await db.payrollConnection.update({
        where: { id: world.connectionId },
        data: { apiKeyEncrypted: kept.apiKeyEncrypted },
      });
      await sandbox.control("POST", "/reset");
    }
  });
});

describe("a month handed in by its client", () => {
  it("reads Handed in, waits for the firm with who handed it in, and its stored counts are checked again", async ({
    world,
    db,
  }) => {
    const { refreshConnection } = await import("./refresh");
    const { staleStates } = await import("./input-stamps");
    const { overviewFor } = await import("./rows");
    const { handInMonth } = await import("@/features/month-close/server/hand-in");
    await refreshConnection(world.connectionId);
    const user = await db.user.create({ data: { displayName: "Kai Client" } });
    await db.workspaceMember.create({ data: { workspaceId: world.workspaceId, userId: user.id, roles: ["client"] } });
    await db.workspaceMemberCompany.create({
      data: { workspaceId: world.workspaceId, userId: user.id, connectionId: world.connectionId, companyId: 1001 },
    });
    try {
      const before = (await overviewFor(viewerOf(world.clerk), ALL)).rows.find((row) => row.companyId === 1001);
      expect(before).toMatchObject({ state: "open", waitingForFirm: false, handedInBy: null });
      await handInMonth(world.key, {
        workspaceId: world.workspaceId,
        userId: user.id,
        name: "Kai Client",
        roles: ["client"],
      });
      expect((await staleStates(50)).map((state) => state.companyId)).toContain(1001);
      const row = (await overviewFor(viewerOf(world.clerk), ALL)).rows.find((r) => r.companyId === 1001);
      expect(row).toMatchObject({
        state: "handed_in",
        shownState: "handed_in",
        waitingForFirm: true,
        handedInBy: "Kai Client",
      });
      expect(row?.mayApprove).toBe(false);
    } finally {
      await db.workspaceMember.delete({
        where: { workspaceId_userId: { workspaceId: world.workspaceId, userId: user.id } },
      });
      await db.user.delete({ where: { id: user.id } });
    }
  });
});

describe("the rows' dates", () => {
  it("follow the company's own Land, else its check settings' Land, else national holidays only (Land not set)", async ({
    world,
    db,
  }) => {
    const { overviewFor } = await import("./rows");
    const { monthDeadlines, cutOffDate } = await import("@/features/deadlines/deadlines");
    const period = world.key.period;
    const where = { connectionId_companyId: { connectionId: world.connectionId, companyId: 1001 } };
    const bakery = async () =>
      (await overviewFor(viewerOf(world.clerk), ALL)).rows.find((row) => row.companyId === 1001)!;
    try {
      await db.payrollCompanySettings.upsert({
        where,
        create: { connectionId: world.connectionId, companyId: 1001, federalState: "NW" },
        update: { federalState: "NW" },
      });
      expect(await bakery()).toMatchObject({
        land: "NW",
        landSource: "check_settings",
        landNotSet: false,
        ...monthDeadlines(period, "NW"),
      });
      await db.payrollCompanyDeadlineSettings.create({
        data: {
          connectionId: world.connectionId,
          companyId: 1001,
          land: "BY",
          cutOffRule: { kind: "day_of_month", day: 10 },
        },
      });
      const row = await bakery();
      expect(row).toMatchObject({
        land: "BY",
        landSource: "company",
        cutOffSource: "company",
        ...monthDeadlines(period, "BY"),
      });
      expect(row.cutOff).toBe(cutOffDate(period, "BY", { kind: "day_of_month", day: 10 }));
    } finally {
      await db.payrollCompanyDeadlineSettings.deleteMany({ where: { connectionId: world.connectionId } });
      await db.payrollCompanySettings.deleteMany({ where: { connectionId: world.connectionId } });
    }
    expect(await bakery()).toMatchObject({
      land: null,
      landSource: "none",
      landNotSet: true,
      cutOffSource: "workspace",
    });
  });
});

describe("assignment", () => {
  it("adds and replaces assignees per company with audit entries; refuses unknown companies per item and unassignable people", async ({
    world,
    db,
  }) => {
    const { assignCompanies, assigneesOf } = await import("./assignees");
    const { overviewFor } = await import("./rows");
    await db.payrollCompanyAssignee.deleteMany({ where: { connectionId: world.connectionId } });
    const bakery = { connectionId: world.connectionId, companyId: 1001 };
    const nowhere = { connectionId: world.connectionId, companyId: 999 };
    const added = await assignCompanies(world.clerk, {
      companies: [bakery, nowhere],
      userIds: [world.clerk.userId],
      mode: "add",
    });
    expect(added).toEqual([
      {
        item: { ...bakery, assignees: [{ id: world.clerk.userId, name: "Clara Clerk" }] },
        ok: true,
        code: null,
        message: null,
      },
      { item: nowhere, ok: false, code: "unknown_company", message: expect.any(String) },
    ]);
    await assignCompanies(world.owner, { companies: [bakery], userIds: [world.owner.userId], mode: "add" });
    expect((await assigneesOf(db, world.connectionId, [1001])).get(1001)).toEqual([
      world.clerk.userId,
      world.owner.userId,
    ]);
    const mine = await overviewFor(viewerOf(world.clerk), { ...ALL, show: ["mine"] });
    expect(mine.rows.map((row) => row.companyId)).toEqual([1001]);
    expect(mine.rows[0]!.assignees.map((person) => person.name)).toEqual(["Clara Clerk", "Olga Owner"]);
    expect(mine.members.map((member) => member.name)).toEqual(["Clara Clerk", "Olga Owner"]);
    await assignCompanies(world.owner, { companies: [bakery], userIds: [world.owner.userId], mode: "replace" });
    expect((await assigneesOf(db, world.connectionId, [1001])).get(1001)).toEqual([world.owner.userId]);
    expect((await overviewFor(viewerOf(world.clerk), { ...ALL, show: ["mine"] })).rows).toEqual([]);
    const entries = await db.auditEntry.findMany({
      where: { workspaceId: world.workspaceId, kind: "company.assignees" },
      orderBy: { occurredAt: "asc" },
    });
    expect(entries.map((entry) => [entry.companyId, entry.details])).toEqual([
      [1001, { added: [{ id: world.clerk.userId, name: "Clara Clerk" }], removed: [] }],
      [1001, { added: [{ id: world.owner.userId, name: "Olga Owner" }], removed: [] }],
      [1001, { added: [], removed: [{ id: world.clerk.userId, name: "Clara Clerk" }] }],
    ]);
    await expect(
      assignCompanies(world.viewer, { companies: [bakery], userIds: [world.viewer.userId], mode: "add" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      assignCompanies(world.approver, { companies: [bakery], userIds: [world.clerk.userId], mode: "add" }),
    ).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(
      assignCompanies(world.owner, { companies: [bakery], userIds: [world.approver.userId], mode: "add" }),
    ).rejects.toMatchObject({
      code: "invalid",
      fields: { userIds: "notAssignable" },
    });
  });

  it("reaches only the person's workspace: another workspace's owner sees no rows and assigns nothing there", async ({
    world,
    db,
  }) => {
    const { assignCompanies } = await import("./assignees");
    const { overviewFor } = await import("./rows");
    const stranger = await db.user.create({
      data: { accountingUserId: `stranger-${Date.now()}`, displayName: "Stella Stranger" },
    });
    const theirs = await db.workspace.create({
      data: { name: "Elsewhere", members: { create: [{ userId: stranger.id, roles: ["owner"] }] } },
    });
    const actor = { workspaceId: theirs.id, userId: stranger.id, name: "Stella Stranger", roles: ["owner"] as const };
    expect((await overviewFor({ ...actor }, ALL)).rows).toEqual([]);
    // Naming the firm's workspace while not a member of it: no rows either.
    expect((await overviewFor({ ...actor, workspaceId: world.workspaceId }, ALL)).rows).toEqual([]);
    const answer = await assignCompanies(actor, {
      companies: [{ connectionId: world.connectionId, companyId: 1001 }],
      userIds: [stranger.id],
      mode: "add",
    });
    expect(answer).toEqual([expect.objectContaining({ ok: false, code: "unknown_company" })]);
    await expect(
      assignCompanies({ ...actor, workspaceId: world.workspaceId }, {
        companies: [],
        userIds: [],
        mode: "replace",
      } as never),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("bulk approval", () => {
  it("approves each month through the month close's gate and answers per item why the others were refused", async ({
    world,
  }) => {
    const { submitMonth } = await service();
    const { approveMonths } = await import("./approve");
    await submitMonth(world.key, world.clerk, world.context);
    const months = [
      { connectionId: world.connectionId, companyId: 1001, period: world.key.period },
      { connectionId: world.connectionId, companyId: 1002, period: world.key.period },
      { connectionId: world.connectionId, companyId: 1001, period: "2020-01" },
      { connectionId: "00000000-0000-4000-8000-000000000000", companyId: 1001, period: world.key.period },
    ];
    await expect(approveMonths(world.clerk, { months })).rejects.toMatchObject({ code: "forbidden" });
    const refused = await approveMonths(world.approver, { months });
    expect(refused.map((result) => [result.item.companyId, result.ok, result.code])).toEqual([
      [1001, false, "month_unacknowledged"],
      [1002, false, "period_changed"],
      [1001, false, "period_changed"],
      [1001, false, "unknown_company"],
    ]);
    expect(refused[0]!.message).toMatch(/warning\(s\) of round 1 are not acknowledged/);
    // The warnings the service's data raises, acknowledged as on the page; then the gate lets it pass.
    const { monthCheckInput } = await import("@/features/month-close/server/check-input");
    const { monthGate, warningId } = await import("@/features/month-close/gate");
    const { acknowledgeWarnings } = await import("@/features/month-close/server/acknowledgements");
    const context = await monthCheckInput(world.key, world.client);
    const warningIds = monthGate(context, new Set()).unacknowledged.map(warningId);
    await acknowledgeWarnings(world.key, world.approver, context, { warningIds, comment: "Checked." });
    const results = await approveMonths(world.approver, { months: months.slice(0, 2) });
    expect(results.map((result) => [result.item.companyId, result.ok, result.code])).toEqual([
      [1001, true, null],
      [1002, false, "period_changed"],
    ]);
    const again = await approveMonths(world.approver, { months: months.slice(0, 1) });
    expect(again).toEqual([
      { item: months[0], ok: false, code: "month_state", message: "The month is approved; it cannot be approved." },
    ]);
  });
});
