import { randomUUID } from "node:crypto";
import { createTranslator } from "next-intl";
import { NextRequest } from "next/server";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import { MESSAGES, type Messages } from "@/lib/i18n/messages";
import type { Translate } from "@/lib/i18n/translate";

// The check settings' routes against an in-process sandbox and the suite's Postgres, called as
// the signed-in people of two workspaces: who may change them, what is stored, what is recorded.

const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const THOMAS = "pk_sandbox_qm1gphmm8yitmaz4tpv8y752";
const COMPANY = 1001;

type Person = { sessionId: string; userId: string };
async function loadDb() {
  return (await import("@/lib/db/client")).getDb();
}

// Two workspaces with their people signed in and Sabine's and Thomas's payroll connected, once for
// the file; each test starts without check settings stored for workspace A's connection.
const it = test
  .extend("seeded", { scope: "file" }, async ({}, { onCleanup }) => {
    onCleanup(() => {
      session.current = null;
    });
    const people = {} as Record<"clerk" | "viewer" | "approver" | "otherOwner", Person>;
    const db = await loadDb();
    const { createSession } = await import("@/lib/auth/server/session-store");
    const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
    const run = randomUUID().slice(0, 8);
    const workspaceA = (await db.workspace.create({ data: { name: `Settings A ${run}` } })).id;
    const workspaceB = (await db.workspace.create({ data: { name: `Settings B ${run}` } })).id;
    const member = async (
      name: string,
      workspaceId: string,
      role: "owner" | "clerk" | "viewer" | "approver",
    ): Promise<Person> => {
      const user = await db.user.create({
        data: { accountingUserId: `settings-${run}-${name}`, displayName: name, activeWorkspaceId: null },
      });
      await db.workspaceMember.create({ data: { workspaceId, userId: user.id, roles: [role] } });
      await db.user.update({ where: { id: user.id }, data: { activeWorkspaceId: workspaceId } });
      return { userId: user.id, sessionId: await createSession(user.id) };
    };
    const ownerA = await member("Olga Owner", workspaceA, "owner");
    people.clerk = await member("Clara Clerk", workspaceA, "clerk");
    people.viewer = await member("Vera Viewer", workspaceA, "viewer");
    people.approver = await member("Arne Approver", workspaceA, "approver");
    people.otherOwner = await member("Otto Other", workspaceB, "owner");
    const connectionA = (
      await connectPayroll({ userId: ownerA.userId, workspaceId: workspaceA }, { apiKey: SABINE }, null)
    ).id;
    await connectPayroll({ userId: people.otherOwner.userId, workspaceId: workspaceB }, { apiKey: THOMAS }, null);
    return { db, workspaceA, connectionA, people };
  })
  .extend("people", { scope: "file" }, async ({ seeded }) => seeded.people)
  .extend("connectionA", { scope: "file" }, async ({ seeded }) => seeded.connectionA)
  .extend(
    "auditOf",
    { scope: "file" },
    async ({ seeded: { db, workspaceA } }) =>
      (kind: string) =>
        db.auditEntry.findMany({
          where: { workspaceId: workspaceA, kind },
          orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
        }),
  )
  .extend("noSettings", { auto: true }, async ({ seeded: { db, connectionA } }) => {
    await db.payrollCompanySettings.deleteMany({ where: { connectionId: connectionA } });
    await db.payrollEmployeeSettings.deleteMany({ where: { connectionId: connectionA } });
  });

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function put(
  person: Person,
  handler: Handler,
  params: Record<string, string>,
  body: unknown,
): Promise<{
  status: number;
  body: { ok: boolean; data?: Record<string, unknown>; error?: { code: string; fields?: Record<string, string> } };
}> {
  session.current = person;
  const request = new NextRequest("http://localhost:3999/api/month-close/1001/check-settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as never };
}

async function handlers() {
  const api = await import("./handlers");
  return { company: api.putCompanyCheckSettings as Handler, employee: api.putEmployeeCheckSettings as Handler };
}

describe("company check settings", () => {
  it("a clerk confirms the Land and changes the limit: stored, recorded old → new once, a save without changes records nothing", async ({
    people,
    connectionA,
    auditOf,
  }) => {
    const { company } = await handlers();
    const before = (await auditOf("company.check_settings")).length;
    const saved = await put(
      people.clerk,
      company,
      { companyId: String(COMPANY) },
      { federalState: "BY", monthlyHoursLimit: "208" },
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { ok: true, data: { settings: { federalState: "BY", monthlyHoursLimit: 208 } } },
    });
    await put(
      people.clerk,
      company,
      { companyId: String(COMPANY) },
      { federalState: "BY", monthlyHoursLimit: "173.5" },
    );
    await put(
      people.clerk,
      company,
      { companyId: String(COMPANY) },
      { federalState: "BY", monthlyHoursLimit: "173.50" },
    );
    const { companyCheckSettings } = await import("./read");
    expect(await companyCheckSettings(connectionA, COMPANY)).toEqual({ federalState: "BY", monthlyHoursLimit: 173.5 });
    const recorded = (await auditOf("company.check_settings")).slice(before);
    expect(recorded.map((entry) => entry.details)).toEqual([
      { changes: { federalState: [null, "BY"] } },
      { changes: { monthlyHoursLimit: [208, 173.5] } },
    ]);
    expect(recorded[0]).toMatchObject({ companyId: COMPANY, actorName: null });
  });

  it("refuses a viewer and an approver (403) and another workspace's owner; nothing stored or recorded", async ({
    db,
    people,
    connectionA,
    auditOf,
  }) => {
    const { company } = await handlers();
    const before = (await auditOf("company.check_settings")).length;
    for (const person of [people.viewer, people.approver]) {
      expect(
        await put(person, company, { companyId: String(COMPANY) }, { federalState: "BY", monthlyHoursLimit: "208" }),
      ).toMatchObject({
        status: 403,
        body: { ok: false, error: { code: "forbidden" } },
      });
    }
    const other = await put(
      people.otherOwner,
      company,
      { companyId: String(COMPANY) },
      { federalState: "BY", monthlyHoursLimit: "208" },
    );
    expect([403, 404]).toContain(other.status);
    expect(await db.payrollCompanySettings.count({ where: { connectionId: connectionA } })).toBe(0);
    expect((await auditOf("company.check_settings")).length).toBe(before);
  });

  it("answers bad input with field codes (422), never a 5xx", async ({ people }) => {
    const { company } = await handlers();
    const refused = await put(
      people.clerk,
      company,
      { companyId: String(COMPANY) },
      { federalState: "XX", monthlyHoursLimit: "800" },
    );
    expect(refused).toMatchObject({
      status: 422,
      body: { error: { code: "invalid", fields: { federalState: "unknownState", monthlyHoursLimit: "tooManyHours" } } },
    });
    const empty = await put(
      people.clerk,
      company,
      { companyId: String(COMPANY) },
      { federalState: "", monthlyHoursLimit: "" },
    );
    expect(empty.body.error?.fields).toEqual({ monthlyHoursLimit: "required" });
  });
});

describe("employee check settings", () => {
  it("a clerk sets a minijob cap, then an amount and an hours limit: stored and recorded with the employee", async ({
    people,
    connectionA,
    auditOf,
  }) => {
    const { employee } = await handlers();
    const before = (await auditOf("employee.check_settings")).length;
    const params = { companyId: String(COMPANY), employeeId: "1" };
    expect(
      await put(people.clerk, employee, params, { payCapKind: "minijob", payCapAmount: "", monthlyHoursLimit: "" }),
    ).toMatchObject({
      status: 200,
      body: { data: { settings: { employeeId: 1, payCap: "minijob", monthlyHoursLimit: null } } },
    });
    await put(people.clerk, employee, params, {
      payCapKind: "custom",
      payCapAmount: "1200.5",
      monthlyHoursLimit: "160",
    });
    const { employeeCheckSettings } = await import("./read");
    expect(await employeeCheckSettings(connectionA, COMPANY)).toEqual([
      { employeeId: 1, payCap: "1200.50", monthlyHoursLimit: 160 },
    ]);
    const recorded = (await auditOf("employee.check_settings")).slice(before);
    expect(recorded.map((entry) => entry.details)).toEqual([
      // By id only: no name in an append-only row (docs/erasure.md).
      { employeeId: 1, changes: { payCap: [null, "minijob"] } },
      { employeeId: 1, changes: { payCap: ["minijob", "1200.50"], monthlyHoursLimit: [null, 160] } },
    ]);
    expect(recorded[0]).toMatchObject({ companyId: COMPANY, subjectId: "1" });
  });

  it("refuses a viewer, another workspace, an employee the company does not have (404) and a custom cap without an amount (422)", async ({
    db,
    people,
    connectionA,
  }) => {
    const { employee } = await handlers();
    const body = { payCapKind: "minijob", payCapAmount: "", monthlyHoursLimit: "" };
    expect((await put(people.viewer, employee, { companyId: String(COMPANY), employeeId: "1" }, body)).status).toBe(
      403,
    );
    expect([403, 404]).toContain(
      (await put(people.otherOwner, employee, { companyId: String(COMPANY), employeeId: "1" }, body)).status,
    );
    expect(await put(people.clerk, employee, { companyId: String(COMPANY), employeeId: "999999" }, body)).toMatchObject(
      { status: 404 },
    );
    const noAmount = await put(
      people.clerk,
      employee,
      { companyId: String(COMPANY), employeeId: "1" },
      { payCapKind: "custom", payCapAmount: "", monthlyHoursLimit: "0" },
    );
    expect(noAmount).toMatchObject({
      status: 422,
      body: { error: { fields: { payCapAmount: "required", monthlyHoursLimit: "notPositive" } } },
    });
    expect(await db.payrollEmployeeSettings.count({ where: { connectionId: connectionA } })).toBe(0);
  });
});

describe("presenting the entries", () => {
  it("shows old → new in both languages", async () => {
    const { presentEntry } = await import("@/features/audit-trail/present");
    const entry = { occurredAt: new Date(), actorId: null, actorName: "Clara", companyId: COMPANY, period: null };
    const en = createTranslator({ locale: "en", messages: MESSAGES.en as Messages }) as unknown as Translate;
    const de = createTranslator({ locale: "de", messages: MESSAGES.de as Messages }) as unknown as Translate;
    const employeeEntry = {
      ...entry,
      kind: "employee.check_settings" as const,
      details: {
        employeeId: 1,
        name: "Anna Berg",
        changes: { payCap: ["minijob", "1200.50"], monthlyHoursLimit: [null, 160] },
      },
    };
    expect(presentEntry("de", de, employeeEntry).changes).toEqual([
      { where: "Mitarbeiter 1 Anna Berg", field: "Monatliche Verdienstgrenze", old: "Minijob", new: "1.200,50 €" },
      { where: "Mitarbeiter 1 Anna Berg", field: "Monatliche Stundengrenze", old: "die der Firma", new: "160 Stunden" },
    ]);
    const companyEntry = {
      ...entry,
      kind: "company.check_settings" as const,
      details: { changes: { federalState: [null, "BY"] } },
    };
    expect(presentEntry("en", en, companyEntry)).toMatchObject({
      what: "Check settings of the company",
      summary: "1 check setting of the company changed.",
      changes: [{ field: "Federal state", old: "not set", new: "Bavaria" }],
    });
  });
});
