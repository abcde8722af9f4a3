import { randomUUID } from "node:crypto";
import { describe, expect, vi } from "vitest";
import { test as it } from "@/features/accounting/testing/fixtures";

// Connection, company authorization, reference lists and drafts against the suite's Postgres.

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const THOMAS = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";

async function newUser() {
  const { getDb } = await import("@/lib/db/client");
  return getDb().user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
}

async function newActor() {
  const { personalActor } = await import("../../testing/actor");
  return personalActor((await newUser()).id);
}

describe("payroll connection", () => {
  it("verifies the key, stores it encrypted in the workspace, caches the companies, and Disconnect deletes the key", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { connectPayroll, clientForConnection } = await import("./connection");
    const { disconnectPayroll, workspaceConnections } = await import("./workspace-connections");
    const { payrollFor } = await import("../../server/access");
    const { cachedCompanies } = await import("./companies");
    const actor = await newActor();

    await expect(connectPayroll(actor, { apiKey: "pk_wrong" }, null)).rejects.toMatchObject({
      name: "PayrollUnauthorizedError",
    });
    await expect(
      connectPayroll(actor, { apiKey: SABINE, baseUrl: "http://169.254.169.254/latest" }, null),
    ).rejects.toMatchObject({
      name: "BaseUrlNotAllowedError",
    });
    expect(await workspaceConnections(actor)).toEqual([]);
    await expect(payrollFor(actor, "payroll.read")).rejects.toMatchObject({ name: "PayrollNotConnectedError" });

    const connection = await connectPayroll(actor, { apiKey: ` ${SABINE} ` }, null);
    expect(connection.username).toBe("Sabine Krüger");
    const row = await getDb().payrollConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(row).toMatchObject({ workspaceId: actor.workspaceId, createdById: actor.userId });
    expect(row.apiKeyEncrypted).not.toContain(SABINE);
    expect(await (await clientForConnection(row.id)).getUsername()).toBe("Sabine Krüger");
    expect((await cachedCompanies(row.id)).map((company) => company.id)).toEqual([1001, 1002]);

    // A second key of the same customer keeps the row (and whatever is kept with it).
    const again = await connectPayroll(actor, { apiKey: SABINE }, null);
    expect(again.id).toBe(connection.id);
    expect(await getDb().payrollConnection.count({ where: { workspaceId: actor.workspaceId } })).toBe(1);

    // Disconnect deletes the key only: no connection for the pages, no client for the jobs.
    expect(await disconnectPayroll(actor, connection.id, null)).toBe(true);
    expect(await disconnectPayroll(actor, connection.id, null)).toBe(false);
    const kept = await getDb().payrollConnection.findUniqueOrThrow({ where: { id: connection.id } });
    expect(kept.apiKeyEncrypted).toBeNull();
    expect(kept.disconnectedAt).toBeInstanceOf(Date);
    await expect(payrollFor(actor, "payroll.read")).rejects.toMatchObject({ name: "PayrollNotConnectedError" });
    await expect(clientForConnection(kept.id)).rejects.toMatchObject({ name: "PayrollNotConnectedError" });
  });

  it("keeps drafts, import reports and transfers across Disconnect for the same customer, and deletes them only when asked", async () => {
    const { getDb } = await import("@/lib/db/client");
    const { connectPayroll } = await import("./connection");
    const { disconnectPayroll, workspaceConnections, deletePayrollData } = await import("./workspace-connections");
    const { saveDraft, loadDraft } = await import("../../employees/server/onboarding-draft");
    const db = getDb();
    const actor = await newActor();
    const first = await connectPayroll(actor, { apiKey: SABINE }, null);
    await saveDraft(first.id, 1001, { first_name: "Kept" });
    await db.payrollEntryDraft.create({
      data: { connectionId: first.id, companyId: 1001, period: "2026-11", kind: "hours" },
    });
    await db.payrollEntryTransfer.create({
      data: {
        connectionId: first.id,
        companyId: 1001,
        period: "2026-11",
        kind: "hours",
        userId: actor.userId,
        userName: "T",
        outcome: "succeeded",
        lines: [],
        lineCount: 0,
        totalCents: "0",
      },
    });
    await db.payrollImport.create({ data: { connectionId: first.id, companyId: 1001, status: "running", total: 0 } });

    await disconnectPayroll(actor, first.id, null);
    expect(await workspaceConnections(actor)).toMatchObject([
      { username: "Sabine Krüger", connected: false, counts: { drafts: 2, imports: 1, transfers: 1 } },
    ]);
    // A running import cannot go on without a key: paused, to be resumed after reconnecting.
    expect((await db.payrollImport.findFirstOrThrow({ where: { connectionId: first.id } })).status).toBe("paused");

    const back = await connectPayroll(actor, { apiKey: SABINE }, null);
    expect(back.id).toBe(first.id);
    expect((await loadDraft(back.id, 1001))?.first_name).toBe("Kept");
    expect(await workspaceConnections(actor)).toMatchObject([
      { connected: true, chosen: true, counts: { drafts: 2, imports: 1, transfers: 1 } },
    ]);

    // The transfer history is a record the law keeps (issue #38 §3): no end is known before the company's
    // social insurance audit is entered; then until the latest rule's end (booking vouchers: 2026 + 8).
    expect((await workspaceConnections(actor))[0]?.retention).toEqual({ until: null });
    await expect(deletePayrollData(actor, first.id, null)).rejects.toMatchObject({
      code: "records_retained",
      status: 409,
    });
    await db.companySocialInsuranceAudit.create({
      data: { workspaceId: actor.workspaceId, companyId: 1001, lastAuditOn: new Date("2027-06-30T00:00:00Z") },
    });
    const until = `${new Date().getUTCFullYear() + 8}-12-31`;
    expect((await workspaceConnections(actor))[0]?.retention).toEqual({ until });
    await expect(deletePayrollData(actor, first.id, null)).rejects.toMatchObject({
      code: "records_retained",
      extra: { keepUntil: until },
    });
    expect(await db.payrollEntryTransfer.count({ where: { connectionId: first.id } })).toBe(1);
    // Once that day has passed, the owner may delete it all.
    const { setTestClockOffset, resetTestClock } = await import("@/lib/clock");
    setTestClockOffset(Date.parse(`${Number(until.slice(0, 4)) + 1}-01-02T12:00:00Z`) - Date.now());
    try {
      expect((await workspaceConnections(actor))[0]?.retention).toBeNull();
      expect(await deletePayrollData(actor, first.id, null)).toBe(true);
    } finally {
      resetTestClock();
    }
    expect(await workspaceConnections(actor)).toEqual([]);
    await expect(deletePayrollData(actor, first.id, null)).rejects.toMatchObject({ code: "not_found" });
    expect(await db.payrollEmployeeDraft.count({ where: { connectionId: first.id } })).toBe(0);
    expect(await db.payrollEntryTransfer.count({ where: { connectionId: first.id } })).toBe(0);
    expect(await db.payrollImport.count({ where: { connectionId: first.id } })).toBe(0);
  });

  it("does not delete a transfer recorded while Delete all payroll data waits: it sees it and refuses", async () => {
    const { getSqlPool } = await import("@/lib/db/client");
    const { connectPayroll } = await import("./connection");
    const { deletePayrollData } = await import("./workspace-connections");
    const actor = await newActor();
    const connection = await connectPayroll(actor, { apiKey: SABINE }, null);
    // Another process records a transfer: its row's foreign key holds the connection until it commits.
    const other = await getSqlPool().connect();
    try {
      await other.query("BEGIN");
      await other.query(
        `INSERT INTO payroll_entry_transfers (id, connection_id, company_id, period, kind, user_id, user_name, outcome,
                                              lines, line_count, total_cents)
         VALUES (gen_random_uuid(), $1, 1001, '2026-11', 'hours', $2, 'T', 'succeeded', '[]', 0, '0')`,
        [connection.id, actor.userId],
      );
      const deleting = deletePayrollData(actor, connection.id, null).then(
        () => "deleted",
        (error: { code?: string }) => error.code,
      );
      // Until the deletion waits on that row's lock (no sleep: Postgres says when).
      await vi.waitFor(
        async () => {
          const waiting = await getSqlPool().query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
          );
          expect(waiting.rows[0].n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      await other.query("COMMIT");
      expect(await deleting).toBe("records_retained");
    } finally {
      other.release();
    }
  });

  it("adds another customer as another connection of the workspace; the company id picks the connection", async () => {
    const { connectPayroll } = await import("./connection");
    const { disconnectPayroll, workspaceConnections, choosePayrollConnection } =
      await import("./workspace-connections");
    const { payrollFor } = await import("../../server/access");
    const { saveDraft, loadDraft } = await import("../../employees/server/onboarding-draft");
    const actor = await newActor();
    const sabine = await connectPayroll(actor, { apiKey: SABINE }, null);
    await saveDraft(sabine.id, 1001, { first_name: "Kept" });
    await disconnectPayroll(actor, sabine.id, null);

    // Another customer no longer replaces anything: Sabine's kept data stays beside Thomas.
    const thomas = await connectPayroll(actor, { apiKey: THOMAS }, null);
    expect(thomas.id).not.toBe(sabine.id);
    expect(await loadDraft(sabine.id, 1001)).toMatchObject({ first_name: "Kept" });
    await connectPayroll(actor, { apiKey: SABINE }, null);
    const both = await workspaceConnections(actor);
    expect(both.map((connection) => [connection.username, connection.connected])).toEqual([
      ["Sabine Krüger", true],
      ["Thomas Albrecht", true],
    ]);
    // The company decides; without one, the connection the person chose (the last connected).
    expect((await payrollFor(actor, "payroll.read", { companyId: "2001" })).connection.id).toBe(thomas.id);
    expect((await payrollFor(actor, "payroll.read", { companyId: "1001" })).connection.id).toBe(sabine.id);
    expect((await payrollFor(actor, "payroll.read")).connection.id).toBe(sabine.id);
    await choosePayrollConnection(actor, thomas.id);
    expect((await payrollFor(actor, "payroll.read")).connection.id).toBe(thomas.id);
    expect((await workspaceConnections(actor)).find((connection) => connection.chosen)?.id).toBe(thomas.id);
    // Another workspace's connection cannot be chosen.
    const stranger = await newActor();
    await expect(choosePayrollConnection(stranger, thomas.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(disconnectPayroll(stranger, thomas.id, null)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses another customer's company id without a request to the service", async ({ sandbox }) => {
    const { connectPayroll, clientForConnection } = await import("./connection");
    const { requireCompany } = await import("./companies");
    const user = await newUser();
    const connection = await connectPayroll(
      await (await import("../../testing/actor")).personalActor(user.id),
      { apiKey: SABINE },
      null,
    );
    const client = await clientForConnection(connection.id);
    expect((await requireCompany(connection.id, 1002, client)).current_month).toMatch(/^\d{4}-\d{2}$/);
    const before = (await sandbox.control<{ payroll: number }>("GET", "/stats")).body.payroll;
    for (const foreign of [2001, 3001, 0, -1, 1.5]) {
      await expect(requireCompany(connection.id, foreign, client)).rejects.toMatchObject({
        name: "PayrollCompanyNotReachableError",
      });
    }
    expect((await sandbox.control<{ payroll: number }>("GET", "/stats")).body.payroll).toBe(before);
  });

  it("downloads the reference lists as CSV into Postgres, and keeps drafts per company", async () => {
    const { connectPayroll, clientForConnection } = await import("./connection");
    const { healthInsurances, countries, refreshReferenceLists, referenceListsFetchedAt } =
      await import("../../employees/server/reference-lists");
    const { loadDraft, saveDraft, deleteDraft } = await import("../../employees/server/onboarding-draft");
    const user = await newUser();
    const connection = await connectPayroll(
      await (await import("../../testing/actor")).personalActor(user.id),
      { apiKey: SABINE },
      null,
    );
    const client = await clientForConnection(connection.id);
    const counts = await refreshReferenceLists(client);
    expect(counts.insurers).toBe(113);
    const insurers = await healthInsurances(client.baseUrl);
    const gek = insurers.find((insurer) => insurer.name === "BARMER GEK")!;
    expect(gek.availableTo).toBe("2016-12-31");
    expect(insurers.find((insurer) => insurer.number === gek.replacement)?.name).toBe("BARMER");
    expect((await countries(client.baseUrl)).find((country) => country.id === 163)?.name).toBe("Türkei");
    expect(await referenceListsFetchedAt(client.baseUrl)).toBeInstanceOf(Date);

    await saveDraft(connection.id, 1001, { first_name: "Greta", postal_code: "5067" });
    expect(await loadDraft(connection.id, 1001)).toMatchObject({
      first_name: "Greta",
      postal_code: "5067",
      last_name: "",
    });
    expect(await loadDraft(connection.id, 1002)).toBeNull();
    await deleteDraft(connection.id, 1001);
    expect(await loadDraft(connection.id, 1001)).toBeNull();
  });

  it("refreshes the reference lists three times at once without a duplicate key", async () => {
    const { connectPayroll, clientForConnection } = await import("./connection");
    const { healthInsurances, refreshReferenceLists } = await import("../../employees/server/reference-lists");
    const user = await newUser();
    const connection = await connectPayroll(
      await (await import("../../testing/actor")).personalActor(user.id),
      { apiKey: SABINE },
      null,
    );
    const clients = await Promise.all([1, 2, 3].map(() => clientForConnection(connection.id)));
    const results = await Promise.allSettled(clients.map((client) => refreshReferenceLists(client)));
    expect(results.map((result) => (result.status === "rejected" ? String(result.reason) : "ok"))).toEqual([
      "ok",
      "ok",
      "ok",
    ]);
    expect((await healthInsurances(clients[0]!.baseUrl)).length).toBe(113);
  });

  it("refuses an API key with CR/LF, NUL, a space or an emoji as invalidKey, before any call", async () => {
    const { connectSchema } = await import("./connection");
    for (const apiKey of ["pk_a\r\nX-Evil: 1", "pk_\u0000a", "pk_a b", "pk_😀", "pk_ä"]) {
      const result = connectSchema.safeParse({ apiKey });
      expect(
        result.error?.issues.map((issue) => `${issue.path.join(".")}=${issue.message}`),
        JSON.stringify(apiKey),
      ).toEqual(["apiKey=invalidKey"]);
    }
    expect(connectSchema.parse({ apiKey: ` ${SABINE} ` }).apiKey).toBe(SABINE);
  });

  it("creates one employee from form values, with problems on their fields", async ({ sandbox }) => {
    const { connectPayroll, clientForConnection } = await import("./connection");
    const { requireCompany } = await import("./companies");
    const { refreshReferenceLists, healthInsurances } = await import("../../employees/server/reference-lists");
    const { createEmployeeFromForm } = await import("../../employees/server/employees");
    const { emptyEmployeeInput } = await import("../../employees/employee-schema");
    await sandbox.control("POST", "/reset");
    const user = await newUser();
    const connection = await connectPayroll(
      await (await import("../../testing/actor")).personalActor(user.id),
      { apiKey: SABINE },
      null,
    );
    const client = await clientForConnection(connection.id);
    await refreshReferenceLists(client);
    const company = await requireCompany(connection.id, 1001, client);
    const insurer = (await healthInsurances(client.baseUrl)).find(
      (candidate) => !candidate.availableFrom && !candidate.availableTo,
    )!;
    const values = {
      ...emptyEmployeeInput(),
      id: "8",
      first_name: "Greta",
      last_name: "Sommer",
      street_address: "Rosenweg 3",
      postal_code: "5067",
      location: "Köln",
      sex: "-1",
      health_insurance: insurer.number,
      insurance_number: "65170839J003",
    };
    expect(await createEmployeeFromForm(client, company, values)).toEqual({
      ok: false,
      code: "invalid",
      fields: { postal_code: "postalCode" },
    });
    expect(await createEmployeeFromForm(client, company, { ...values, id: "2", postal_code: "50674" })).toEqual({
      ok: false,
      code: "invalid",
      fields: { id: "idInUse" },
    });
    const created = await createEmployeeFromForm(client, company, { ...values, postal_code: "50674" });
    expect(created).toMatchObject({ ok: true, employee: { id: 8, entry: `${company.current_month}-01` } });
  });
});
