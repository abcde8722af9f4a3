import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// The deadlines' routes against the suite's Postgres and an in-process sandbox: the public year's
// dates, the workspace's cut-off (owners) and a company's Land and cut-off (payroll.edit).

const session = vi.hoisted(() => ({ current: null as null | { sessionId: string; userId: string } }));
vi.mock("@/lib/auth/server/session", async () => {
  const store = await import("@/lib/auth/server/session-store");
  const load = () =>
    session.current ? store.loadSessionUser(session.current.sessionId, session.current.userId) : Promise.resolve(null);
  return { getSessionUser: load, sessionUserFromRequest: load, sessionUserFromCookie: load };
});

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";
const COMPANY = 1001;
type Person = { sessionId: string; userId: string };
type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Answer = {
  status: number;
  body: {
    ok: boolean;
    data?: Record<string, unknown>;
    error?: { code: string; message: string; fields?: Record<string, string> };
  };
};

const it = test.extend("seeded", { scope: "file" }, async ({ db }, { onCleanup }) => {
  onCleanup(() => {
    session.current = null;
  });
  const { createSession } = await import("@/lib/auth/server/session-store");
  const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
  const run = randomUUID().slice(0, 8);
  const workspaceA = (await db.workspace.create({ data: { name: `Deadlines A ${run}` } })).id;
  const workspaceB = (await db.workspace.create({ data: { name: `Deadlines B ${run}` } })).id;
  const member = async (name: string, workspaceId: string, role: "owner" | "clerk" | "viewer"): Promise<Person> => {
    const user = await db.user.create({
      data: { accountingUserId: `deadlines-${run}-${name}`, displayName: name, activeWorkspaceId: workspaceId },
    });
    await db.workspaceMember.create({ data: { workspaceId, userId: user.id, roles: [role] } });
    return { userId: user.id, sessionId: await createSession(user.id) };
  };
  const people = {
    owner: await member("Olga Owner", workspaceA, "owner"),
    clerk: await member("Clara Clerk", workspaceA, "clerk"),
    viewer: await member("Vera Viewer", workspaceA, "viewer"),
    otherOwner: await member("Otto Other", workspaceB, "owner"),
  };
  const connectionA = (
    await connectPayroll({ userId: people.owner.userId, workspaceId: workspaceA }, { apiKey: SABINE }, null)
  ).id;
  const audit = (kind: string) =>
    db.auditEntry.findMany({
      where: { workspaceId: workspaceA, kind },
      orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
    });
  return { workspaceA, connectionA, people, audit };
});

async function call(
  person: Person | null,
  handler: Handler,
  url: string,
  init: { method?: string; params?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  session.current = person;
  const request = new NextRequest(`http://localhost:3999${url}`, {
    method: init.method ?? "GET",
    ...(init.body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(init.body) }),
  });
  const response = await handler(request, { params: Promise.resolve(init.params ?? {}) });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

const handlers = async () => {
  const api = await import("./handlers");
  return {
    year: api.getYearDeadlines as Handler,
    workspace: api.putWorkspaceCutOff as Handler,
    company: api.putCompanyDeadlineSettings as Handler,
  };
};

describe("GET /api/deadlines", () => {
  it("answers a year's twelve months without a session, snake_case, as the contract's example", async () => {
    const { year } = await handlers();
    const answer = await call(null, year, "/api/deadlines?year=2026&state=NW");
    expect(answer.status).toBe(200);
    const data = answer.body.data as { year: number; state: string; months: Record<string, string>[] };
    expect(data.year).toBe(2026);
    expect(data.state).toBe("NW");
    expect(data.months).toHaveLength(12);
    expect(data.months[0]).toEqual({
      month: "2026-01",
      contribution_statement: "2026-01-26",
      contributions_due: "2026-01-28",
      wage_tax_return: "2026-02-10",
    });
  });

  it("splits October 2025 by Reformation Day", async () => {
    const { year } = await handlers();
    const october = async (state: string) =>
      (
        (await call(null, year, `/api/deadlines?year=2025&state=${state}`)).body.data as {
          months: Record<string, string>[];
        }
      ).months[9];
    expect(await october("NI")).toMatchObject({
      contribution_statement: "2025-10-24",
      contributions_due: "2025-10-28",
    });
    expect(await october("BY")).toMatchObject({
      contribution_statement: "2025-10-27",
      contributions_due: "2025-10-29",
    });
  });

  it.each([
    ["?state=NW", /year is missing/],
    ["?year=2019&state=NW", /2020 to 2035/],
    ["?year=2036&state=NW", /2020 to 2035/],
    ["?year=20x6&state=NW", /whole year/],
    ["?year=2026", /state is missing/],
    ["?year=2026&state=XX", /Unknown state “XX”/],
    ["?year=2026&state=nw", /Unknown state/],
    ["?year=2026&year=2027&state=NW", /once each/],
  ])("refuses %s with 400 bad_request and a clear message", async (search, message) => {
    const { year } = await handlers();
    const answer = await call(null, year, `/api/deadlines${search}`);
    expect(answer.status).toBe(400);
    expect(answer.body.ok).toBe(false);
    expect(answer.body.error?.code).toBe("bad_request");
    expect(answer.body.error?.message).toMatch(message);
  });
});

describe("the workspace's cut-off", () => {
  it("an owner sets it: stored, recorded old → new once, the same again records nothing", async ({
    seeded: { workspaceA, people, audit },
  }) => {
    const { workspace } = await handlers();
    const before = (await audit("workspace.cut_off_rule")).length;
    const put = (body: unknown) =>
      call(people.owner, workspace, "/x", { method: "PUT", params: { workspaceId: workspaceA }, body });
    expect(await put({ cutOffKind: "day_of_month", cutOffNumber: "15" })).toMatchObject({
      status: 200,
      body: { data: { setting: { kind: "day_of_month", day: 15 }, effective: { kind: "day_of_month", day: 15 } } },
    });
    await put({ cutOffKind: "day_of_month", cutOffNumber: "15" });
    const recorded = (await audit("workspace.cut_off_rule")).slice(before);
    expect(recorded.map((entry) => entry.details)).toEqual([{ from: null, to: { kind: "day_of_month", day: 15 } }]);
  });

  it("refuses a clerk (403), another workspace's owner (404) and bad numbers (422 with field codes)", async ({
    seeded: { workspaceA, people },
  }) => {
    const { workspace } = await handlers();
    const body = { cutOffKind: "bank_days_before_statement", cutOffNumber: "2" };
    expect(
      (await call(people.clerk, workspace, "/x", { method: "PUT", params: { workspaceId: workspaceA }, body })).status,
    ).toBe(403);
    expect(
      (await call(people.otherOwner, workspace, "/x", { method: "PUT", params: { workspaceId: workspaceA }, body }))
        .status,
    ).toBe(404);
    const bad = await call(people.owner, workspace, "/x", {
      method: "PUT",
      params: { workspaceId: workspaceA },
      body: { cutOffKind: "day_of_month", cutOffNumber: "32" },
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { error: { code: "invalid", fields: { cutOffNumber: "dayRange" } } },
    });
    const blank = await call(people.owner, workspace, "/x", {
      method: "PUT",
      params: { workspaceId: workspaceA },
      body: { cutOffKind: "bank_days_before_statement", cutOffNumber: "" },
    });
    expect(blank.body.error?.fields).toEqual({ cutOffNumber: "required" });
  });
});

describe("a company's deadline settings", () => {
  it("say where the Land comes from: none, the check settings, then the company's own", async ({
    db,
    seeded: { connectionA, people, audit },
  }) => {
    const { company } = await handlers();
    const { companyDeadlineSettings } = await import("./company-deadlines");
    await db.payrollCompanyDeadlineSettings.deleteMany({ where: { connectionId: connectionA } });
    await db.payrollCompanySettings.deleteMany({ where: { connectionId: connectionA } });
    expect((await companyDeadlineSettings(db, connectionA, [COMPANY])).get(COMPANY)).toMatchObject({
      land: null,
      landSource: "none",
      cutOffSource: "workspace",
    });
    await db.payrollCompanySettings.create({
      data: { connectionId: connectionA, companyId: COMPANY, federalState: "BY" },
    });
    expect((await companyDeadlineSettings(db, connectionA, [COMPANY])).get(COMPANY)).toMatchObject({
      land: "BY",
      landSource: "check_settings",
    });
    const before = (await audit("company.deadline_settings")).length;
    const saved = await call(people.clerk, company, "/x", {
      method: "PUT",
      params: { companyId: String(COMPANY) },
      body: { land: "NI", cutOffKind: "bank_days_before_statement", cutOffNumber: "1" },
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        data: {
          settings: {
            land: "NI",
            checkSettingsLand: "BY",
            effective: {
              land: "NI",
              landSource: "company",
              cutOffRule: { kind: "bank_days_before_statement", days: 1 },
              cutOffSource: "company",
            },
          },
        },
      },
    });
    const recorded = (await audit("company.deadline_settings")).slice(before);
    expect(recorded.map((entry) => entry.details)).toEqual([
      { changes: { land: [null, "NI"], cutOffRule: [null, { kind: "bank_days_before_statement", days: 1 }] } },
    ]);
    expect(recorded[0]).toMatchObject({ companyId: COMPANY, actorId: people.clerk.userId, actorName: null });
    const back = await call(people.clerk, company, "/x", {
      method: "PUT",
      params: { companyId: String(COMPANY) },
      body: { land: "", cutOffKind: "workspace", cutOffNumber: "" },
    });
    expect(back.body.data).toMatchObject({
      settings: {
        land: null,
        cutOffRule: null,
        effective: { land: "BY", landSource: "check_settings", cutOffSource: "workspace" },
      },
    });
  });

  it("refuses a viewer (403) and bad input (422 with field codes)", async ({ seeded: { people } }) => {
    const { company } = await handlers();
    const body = { land: "NI", cutOffKind: "workspace", cutOffNumber: "" };
    expect(
      (await call(people.viewer, company, "/x", { method: "PUT", params: { companyId: String(COMPANY) }, body }))
        .status,
    ).toBe(403);
    const bad = await call(people.clerk, company, "/x", {
      method: "PUT",
      params: { companyId: String(COMPANY) },
      body: { land: "XX", cutOffKind: "bank_days_before_statement", cutOffNumber: "1.5" },
    });
    expect(bad).toMatchObject({
      status: 422,
      body: { error: { fields: { land: "unknownLand", cutOffNumber: "notWholeNumber" } } },
    });
  });
});
