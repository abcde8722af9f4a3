import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import { PayrollNetworkError, PayrollValidationError } from "@/features/payroll/errors";

// Drafts, transfers and the history against an in-process sandbox and the suite's Postgres.

const SABINE_KEY = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;

// The file's clerk with Sabine's payroll connected, and its company.
const it = test
  .extend("connected", { scope: "file" }, async () => {
    const { getDb } = await import("@/lib/db/client");
    const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
    const { payrollFor } = await import("@/features/payroll/server/access");
    const { personalActor } = await import("@/features/payroll/testing/actor");
    const { requireCompany } = await import("@/features/payroll/connection/server/companies");
    const user = await getDb().user.create({
      data: { accountingUserId: `entries-${Date.now()}`, displayName: "Test Clerk" },
    });
    const userId = user.id;
    const actor = await personalActor(userId);
    await connectPayroll(actor, { apiKey: SABINE_KEY }, null);
    const payroll = await payrollFor(actor, "payroll.edit");
    const connectionId = payroll.connection.id;
    const client = payroll.client;
    const company = await requireCompany(connectionId, COMPANY, client);
    return { userId, connectionId, client, company };
  })
  .extend("userId", { scope: "file" }, async ({ connected }) => connected.userId)
  .extend("connectionId", { scope: "file" }, async ({ connected }) => connected.connectionId)
  .extend("client", { scope: "file" }, async ({ connected }) => connected.client)
  .extend("company", { scope: "file" }, async ({ connected }) => connected.company);

const line = (id: string, employee: number, values: Record<string, string>) => ({ id, employee_id: employee, values });

describe("entry drafts", () => {
  it("keeps one draft per connection, company, month and kind, and counts saves", async ({ connectionId, company }) => {
    const { loadEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = { connectionId, companyId: COMPANY, period: company.current_month, kind: "hours" as const };
    expect(await loadEntryDraft(key)).toBeNull();
    const first = await saveEntryDraft(key, [line("a", 1, { type: "HOURLY_WAGE", total_hours: "abc" })], null);
    const second = await saveEntryDraft(key, [line("a", 1, { type: "HOURLY_WAGE", total_hours: "8" })], null);
    expect(second.revision).toBe(first.revision + 1);
    expect((await loadEntryDraft(key))?.lines).toEqual([line("a", 1, { type: "HOURLY_WAGE", total_hours: "8" })]);
    expect(await loadEntryDraft({ ...key, kind: "payments" })).toBeNull();
  });

  it("takes patches of changed lines on top of the line revisions they build on, and returns stale ones as conflicts", async ({
    connectionId,
    company,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = { connectionId, companyId: COMPANY, period: company.current_month, kind: "payments" as const };
    const saved = await saveEntryDraft(key, [line("a", 1, { type: "BONUS_PAYMENT" }), line("b", 2, {})], null);
    const patched = await patchEntryDraft(
      key,
      [{ ...line("b", 2, { amount: "5" }), base: saved.revision }, line("c", 3, { type: "TRAVEL_COSTS" })],
      [],
      null,
    );
    expect(patched).toMatchObject({
      revision: saved.revision + 1,
      conflicts: [],
      lineRevisions: { b: saved.revision + 1, c: saved.revision + 1 },
    });
    expect((await loadEntryDraft(key))?.lines).toEqual([
      line("a", 1, { type: "BONUS_PAYMENT" }),
      line("b", 2, { amount: "5" }),
      line("c", 3, { type: "TRAVEL_COSTS" }),
    ]);
    const stale = await patchEntryDraft(key, [{ ...line("b", 2, { amount: "6" }), base: saved.revision }], [], null);
    expect(stale.revision).toBe(patched.revision);
    expect(stale.conflicts).toEqual([
      {
        id: "b",
        theirs: { revision: patched.revision, employee_id: 2, values: { amount: "5" }, by: null },
        yours: line("b", 2, { amount: "6" }),
      },
    ]);
    expect((await loadEntryDraft(key))?.lines[1]).toEqual(line("b", 2, { amount: "5" }));
    // No draft yet: a patch makes it.
    const fresh = await patchEntryDraft({ ...key, period: "1999-01" }, [line("a", 1, {})], [], null);
    expect(fresh).toMatchObject({ revision: 1, conflicts: [] });
  });

  it("keeps a line per row: a patch writes only the rows of the lines it carries", async ({ connectionId }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const { getDb } = await import("@/lib/db/client");
    const key = { connectionId, companyId: COMPANY, period: "2030-01", kind: "hours" as const };
    const lines = Array.from({ length: 9_000 }, (_, index) =>
      line(`l${index}`, 1 + (index % 1_000), { type: "HOURLY_WAGE", total_hours: "1", total_amount: "10" }),
    );
    const saved = await saveEntryDraft(key, lines, null);
    // xmin names the transaction that last wrote a row: only rewritten rows get a new one.
    const versions = async () =>
      new Map(
        (
          await getDb().$queryRaw<{ line_id: string; version: string }[]>`
            SELECT line_id, xmin::text AS version FROM payroll_entry_draft_lines
            WHERE connection_id = ${connectionId}::uuid AND company_id = ${COMPANY} AND period = '2030-01' AND kind = 'hours'`
        ).map((row) => [row.line_id, row.version]),
      );
    const before = await versions();
    expect(before.size).toBe(9_000);

    const patched = await patchEntryDraft(
      key,
      [
        { ...line("l4500", 501, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "10" }), base: saved.revision },
        line("new", 7, { type: "SUNDAY_PREMIUM" }),
      ],
      [],
      null,
    );
    expect(patched.revision).toBe(saved.revision + 1);
    const after = await versions();
    expect(after.size).toBe(9_001);
    expect(
      [...after]
        .filter(([id, version]) => before.get(id) !== version)
        .map(([id]) => id)
        .sort(),
    ).toEqual(["l4500", "new"]);

    const loaded = await loadEntryDraft(key);
    expect(loaded?.revision).toBe(patched.revision);
    expect(loaded?.lines).toHaveLength(9_001);
    expect(loaded?.lines[4500]).toEqual(
      line("l4500", 501, { type: "HOURLY_WAGE", total_hours: "8", total_amount: "10" }),
    );
    expect(loaded?.lines.at(-1)).toEqual(line("new", 7, { type: "SUNDAY_PREMIUM" }));
    expect(loaded?.lines.slice(0, 4500)).toEqual(lines.slice(0, 4500));

    // Saving the same draft whole again rewrites no row.
    const again = await saveEntryDraft(key, loaded!.lines, null);
    expect(again.revision).toBe(patched.revision + 1);
    expect(await versions()).toEqual(after);
  });

  it("takes concurrent whole saves, patches and loads of a 9,000-line draft (the embedded Postgres too)", async ({
    connectionId,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = { connectionId, companyId: COMPANY, period: "2030-03", kind: "hours" as const };
    const month = (hours: string) =>
      Array.from({ length: 9_000 }, (_, index) =>
        line(`m${index}`, 1 + (index % 1_000), { type: "HOURLY_WAGE", total_hours: hours, total_amount: "10" }),
      );
    const first = await saveEntryDraft(key, month("1"), null);
    const outcomes = await Promise.allSettled([
      saveEntryDraft(key, month("2"), null),
      loadEntryDraft(key),
      patchEntryDraft(
        key,
        [{ ...line("m1", 2, { type: "HOURLY_WAGE", total_hours: "5" }), base: first.revision }],
        [],
        null,
      ),
      saveEntryDraft(key, month("3"), null),
      loadEntryDraft(key),
      patchEntryDraft(
        key,
        [{ ...line("m2", 3, { type: "HOURLY_WAGE", total_hours: "6" }), base: first.revision }],
        [],
        null,
      ),
    ]);
    // A patch may lose the race against the other saves (a conflict, nothing written); nothing may fail.
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([]);
    for (const outcome of outcomes)
      if (outcome.status === "fulfilled" && outcome.value && "lines" in outcome.value)
        expect(outcome.value.lines).toHaveLength(9_000);
    const loaded = await loadEntryDraft(key);
    expect(loaded?.lines).toHaveLength(9_000);
    const writes = outcomes.filter(
      (outcome) =>
        outcome.status === "fulfilled" &&
        outcome.value &&
        !("lines" in outcome.value) &&
        (!("conflicts" in outcome.value) || outcome.value.conflicts.length === 0),
    );
    expect(loaded?.revision).toBe(first.revision + writes.length);
  });

  it("keeps the order a whole draft is saved in, drops lines no longer in it, and appends patched new lines", async ({
    connectionId,
  }) => {
    const { loadEntryDraft, patchEntryDraft, saveEntryDraft } = await import("./drafts");
    const key = { connectionId, companyId: COMPANY, period: "2030-02", kind: "payments" as const };
    await saveEntryDraft(
      key,
      [line("a", 1, { amount: "1" }), line("b", 2, { amount: "2" }), line("c", 3, { amount: "3" })],
      null,
    );
    // A line inserted in the middle, one removed, one moved: the order is the one sent.
    const second = await saveEntryDraft(
      key,
      [line("c", 3, { amount: "3" }), line("a", 1, { amount: "1" }), line("x", 1, {}), line("d", 4, { amount: "4" })],
      null,
    );
    expect((await loadEntryDraft(key))?.lines.map((stored) => stored.id)).toEqual(["c", "a", "x", "d"]);
    await patchEntryDraft(
      key,
      [line("e", 5, {}), { ...line("a", 1, { amount: "9" }), base: second.revision }, line("f", 6, {})],
      [],
      null,
    );
    const loaded = await loadEntryDraft(key);
    expect(loaded?.lines.map((stored) => stored.id)).toEqual(["c", "a", "x", "d", "e", "f"]);
    expect(loaded?.lines[1]).toEqual(line("a", 1, { amount: "9" }));
    // A line id twice in one save: one row, in the first one's place, with the last one's values.
    await saveEntryDraft(key, [line("a", 1, { amount: "1" }), line("b", 2, {}), line("a", 1, { amount: "2" })], null);
    expect((await loadEntryDraft(key))?.lines).toEqual([line("a", 1, { amount: "2" }), line("b", 2, {})]);
    // An empty draft is a draft with no lines.
    await saveEntryDraft(key, [], null);
    expect((await loadEntryDraft(key))?.lines).toEqual([]);
  });
});

describe("transfers", () => {
  it("sends the complete set, records it, and the service holds exactly it", async ({
    sandbox,
    userId,
    connectionId,
    client,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const { lastSuccessfulTransfer, listTransfers, getTransfer } = await import("./history");
    const lines = [
      line("a", 1, {
        type: "HOURLY_WAGE",
        total_hours: "7.5",
        total_amount: "13.37",
        date: `${company.current_month}-03`,
      }),
      line("b", 2, {
        type: "SUNDAY_PREMIUM",
        total_hours: "4",
        total_amount: "15",
        surcharge: "50",
        cost_center_id: "K100",
      }),
    ];
    const result = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "Test Clerk",
      client,
      company,
      kind: "hours",
      lines,
    });
    expect(result.status).toBe("succeeded");
    const stored = await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/hourly_compensations`);
    expect(stored.body).toEqual([
      {
        company_id: COMPANY,
        employee_id: 1,
        type: "HOURLY_WAGE",
        total_hours: 7.5,
        total_amount: 13.37,
        date: `${company.current_month}-03`,
      },
      {
        company_id: COMPANY,
        employee_id: 2,
        type: "SUNDAY_PREMIUM",
        total_hours: 4,
        total_amount: 15,
        surcharge: 50,
        cost_center_id: "K100",
      },
    ]);
    const last = await lastSuccessfulTransfer(connectionId, COMPANY, company.current_month, "hours");
    expect(last?.lines).toEqual(lines);
    expect(last?.totalCents).toBe("160.28");
    expect(last?.userName).toBe("Test Clerk");

    const second = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "Test Clerk",
      client,
      company,
      kind: "hours",
      lines: [lines[1]],
    });
    expect(second.status).toBe("succeeded");
    expect(
      (await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/hourly_compensations`)).body,
    ).toHaveLength(1);
    const history = await listTransfers(connectionId, COMPANY, "hours");
    expect(history.map((entry) => entry.lineCount)).toEqual([1, 2]);
    expect((await getTransfer(connectionId, COMPANY, "hours", history[1]!.id))?.lines).toEqual(lines);
    expect(await getTransfer(connectionId, COMPANY, "payments", history[1]!.id)).toBeNull();
  });

  it("does not send an invalid set and names the lines and fields", async ({
    userId,
    connectionId,
    client,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const result = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client,
      company,
      kind: "hours",
      lines: [line("a", 1, { type: "HOURLY_WAGE" }), line("b", 999, { type: "NOPE", total_hours: "-1" })],
    });
    expect(result).toEqual({
      status: "invalid",
      problems: expect.arrayContaining([
        { lineId: "b", field: "employee_id", code: "unknownEmployee", message: "unknownEmployee" },
        { lineId: "b", field: "type", code: "unknownType", message: "unknownType" },
        { lineId: "b", field: "total_hours", code: "negative", message: "negative" },
      ]),
    });
  });

  it("extra payments are refused during a pay run (recorded, never retried) and accepted after it", async ({
    sandbox,
    userId,
    connectionId,
    client,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const payments = [
      line("p", 3, { type: "BONUS_PAYMENT", amount: "250" }),
      line("q", 4, { type: "TRAVEL_COSTS", count: "2", amount: "12.5" }),
    ];
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: true });
    const refused = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client,
      company,
      kind: "payments",
      lines: payments,
    });
    expect(refused.status).toBe("pay_run");
    expect((await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/further_payments`)).body).toEqual(
      [],
    );
    await sandbox.control("POST", `/payroll/companies/${COMPANY}/pay_run`, { in_progress: false });
    const accepted = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client,
      company,
      kind: "payments",
      lines: payments,
    });
    expect(accepted.status).toBe("succeeded");
    expect((await sandbox.control<unknown[]>("GET", `/payroll/companies/${COMPANY}/further_payments`)).body).toEqual([
      { company_id: COMPANY, employee_id: 3, type: "BONUS_PAYMENT", count: 1, amount: 250 },
      { company_id: COMPANY, employee_id: 4, type: "TRAVEL_COSTS", count: 2, amount: 12.5 },
    ]);
  });

  it("puts the service's issues at the lines they concern, and records an unclear answer as unknown", async ({
    userId,
    connectionId,
    client,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const { listTransfers } = await import("./history");
    const fake = (failure: Error) =>
      ({
        listEmployees: client.listEmployees.bind(client),
        transferHourlyCompensations: () => Promise.reject(failure),
      }) as unknown as PayrollClient;
    const lines = [line("a", 1, { type: "HOURLY_WAGE" }), line("b", 2, { type: "HOURLY_WAGE", total_hours: "1" })];
    const refused = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      company,
      kind: "hours",
      lines,
      client: fake(
        new PayrollValidationError(422, "VALIDATION_FAILED", "Nothing was stored.", [
          { index: 1, field: "total_hours", code: "OUT_OF_RANGE", message: "too many" },
        ]),
      ),
    });
    expect(refused).toMatchObject({
      status: "refused",
      problems: [{ lineId: "b", field: "total_hours", code: "OUT_OF_RANGE", message: "too many" }],
    });
    const unknown = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      company,
      kind: "hours",
      lines,
      client: fake(new PayrollNetworkError("timed out", true)),
    });
    expect(unknown.status).toBe("unknown");
    expect((await listTransfers(connectionId, COMPANY, "hours")).slice(0, 2).map((entry) => entry.outcome)).toEqual([
      "unknown",
      "refused",
    ]);
  });

  it("keeps a transfer of unknown outcome after the last successful one, for the review to compare with, until a later success", async ({
    userId,
    connectionId,
    client,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const { lastSuccessfulTransfer, lastUnknownTransfer } = await import("./history");
    const lines = [line("u", 1, { type: "HOURLY_WAGE", total_hours: "3" })];
    const succeeded = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client,
      company,
      kind: "hours",
      lines: [line("s", 1, { type: "HOURLY_WAGE", total_hours: "1" })],
    });
    expect(succeeded.status).toBe("succeeded");
    const silent = {
      listEmployees: client.listEmployees.bind(client),
      transferHourlyCompensations: () => Promise.reject(new PayrollNetworkError("timed out", true)),
    } as unknown as PayrollClient;
    const unknown = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client: silent,
      company,
      kind: "hours",
      lines,
    });
    expect(unknown).toMatchObject({ status: "unknown", lines });
    const last = await lastSuccessfulTransfer(connectionId, COMPANY, company.current_month, "hours");
    expect(
      (await lastUnknownTransfer(connectionId, COMPANY, company.current_month, "hours", last!.createdAt))?.lines,
    ).toEqual(lines);

    expect(
      (
        await transferEntries({
          audit: null,
          connectionId,
          userId,
          userName: "x",
          client,
          company,
          kind: "hours",
          lines,
        })
      ).status,
    ).toBe("succeeded");
    const newest = await lastSuccessfulTransfer(connectionId, COMPANY, company.current_month, "hours");
    expect(
      await lastUnknownTransfer(connectionId, COMPANY, company.current_month, "hours", newest!.createdAt),
    ).toBeNull();
  });

  it("says nothing was sent when the employee list before the transfer cannot be read (not 'unknown')", async ({
    userId,
    connectionId,
    company,
  }) => {
    const { transferEntries } = await import("./transfers");
    const { listTransfers } = await import("./history");
    let sent = 0;
    const unreachable = {
      listEmployees: () => Promise.reject(new PayrollNetworkError("connect ECONNREFUSED", false)),
      transferHourlyCompensations: () => {
        sent += 1;
        return Promise.reject(new Error("must not be sent"));
      },
    } as unknown as PayrollClient;
    const before = (await listTransfers(connectionId, COMPANY, "hours")).length;
    const failure = await transferEntries({
      audit: null,
      connectionId,
      userId,
      userName: "x",
      client: unreachable,
      company,
      kind: "hours",
      lines: [line("n", 1, { type: "HOURLY_WAGE" })],
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: "ApiError", code: "upstream_unreachable" });
    expect((failure as { body(): Record<string, unknown> }).body()).toMatchObject({
      code: "upstream_unreachable",
      sent: false,
    });
    expect(sent).toBe(0);
    expect((await listTransfers(connectionId, COMPANY, "hours")).length).toBe(before);
  });
});
