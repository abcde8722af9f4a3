import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";
import type { WorkspaceRoleName } from "../schemas";

// The firm's clients against the suite's Postgres and the in-process sandbox: a client of company
// 1001 of one workspace reaches that company's grids and nothing else (features/workspaces/permissions.ts).

const SABINE = "pk_sandbox_i58pght2xur5dj21ss00bhkw";

interface Firm {
  workspaceId: string;
  connectionId: string;
  owner: string;
  viewer: string;
}

const it = test.extend("world", { scope: "file" }, async ({ db }) => {
  const { connectPayroll } = await import("@/features/payroll/connection/server/connection");
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const person = async (name: string) =>
    (
      await db.user.create({
        data: {
          accountingUserId: `clients-${name}-${stamp}`,
          displayName: name,
          email: `${name}-${stamp}@example.com`,
        },
      })
    ).id;
  const firm = async (name: string): Promise<Firm> => {
    const [owner, viewer] = [await person(`${name}-owner`), await person(`${name}-viewer`)];
    const workspace = await db.workspace.create({
      data: {
        name: `${name} ${stamp}`,
        members: {
          create: [
            { userId: owner, roles: ["owner"] },
            { userId: viewer, roles: ["viewer"] },
          ],
        },
      },
    });
    // Both firms hold Sabine's companies (1001, 1002): the same company ids, told apart by the workspace.
    const connection = await connectPayroll({ userId: owner, workspaceId: workspace.id }, { apiKey: SABINE }, null);
    return { workspaceId: workspace.id, connectionId: connection.id, owner, viewer };
  };
  return { firm: await firm("firm"), other: await firm("other"), person };
});

/** The owner invites a new person as a client of `companies`; they join. */
async function clientOf(
  world: { firm: Firm; person: (name: string) => Promise<string> },
  companies: number[],
  name = "client",
) {
  const { createInvitation } = await import("./invitations");
  const { acceptInvitation } = await import("./invitation-acceptance");
  const client = await world.person(`${name}-${Math.random().toString(36).slice(2, 8)}`);
  const { token } = await createInvitation(
    world.firm.owner,
    world.firm.workspaceId,
    ["client"],
    undefined,
    companies.map((companyId) => ({ connectionId: world.firm.connectionId, companyId })),
  );
  await acceptInvitation(token, client);
  return client;
}

describe("the client role's schemas", () => {
  test("a client holds no other role; an invitation for a client names companies, and only a client's does", async () => {
    const { createInvitationSchema, rolesSchema, changeMemberCompaniesSchema } = await import("../schemas");
    const connectionId = "0b7a3c1e-5f39-4c55-9d6b-0a4b2f0c9e11";
    expect(rolesSchema.safeParse(["client"]).data).toEqual(["client"]);
    const mixed = rolesSchema.safeParse(["client", "clerk"]);
    expect(mixed.success).toBe(false);
    expect(mixed.error?.issues[0]?.message).toMatch(/client holds no other role/i);

    const noCompanies = createInvitationSchema.safeParse({ roles: ["client"] });
    expect(noCompanies.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["companies", "Choose at least one company for the client."],
    ]);
    const firmWithCompanies = createInvitationSchema.safeParse({
      roles: ["clerk"],
      companies: [{ connectionId, companyId: 1001 }],
    });
    expect(firmWithCompanies.error?.issues.map((issue) => issue.path.join("."))).toEqual(["companies"]);
    // Each company once; a firm's invitation names none.
    expect(
      createInvitationSchema.parse({
        roles: ["client"],
        companies: [
          { connectionId, companyId: 1001 },
          { connectionId, companyId: 1001 },
        ],
      }).companies,
    ).toEqual([{ connectionId, companyId: 1001 }]);
    expect(createInvitationSchema.parse({ roles: ["viewer"] }).companies).toEqual([]);
    expect(changeMemberCompaniesSchema.safeParse({ companies: [] }).success).toBe(false);
    expect(
      changeMemberCompaniesSchema.safeParse({ companies: [{ connectionId: "nope", companyId: 1001 }] }).success,
    ).toBe(false);
  });
});

describe("a client's reach", () => {
  it("joining copies the invitation's companies; the client reaches their company's grids, not another company, not the firm's routes, not another workspace", async ({
    world,
    db,
  }) => {
    const { payrollFor, stillPermitted } = await import("@/features/payroll/server/access");
    const { firm, other } = world;
    const client = await clientOf(world, [1001]);
    expect(
      await db.workspaceMemberCompany.findMany({
        where: { userId: client },
        select: { connectionId: true, companyId: true },
      }),
    ).toEqual([{ connectionId: firm.connectionId, companyId: 1001 }]);
    const actor = { userId: client, workspaceId: firm.workspaceId };

    // Their company, on the routes open to clients (the grids: read, and enter).
    expect((await payrollFor(actor, "payroll.read", { companyId: "1001" }, "payroll.read_own")).connection.id).toBe(
      firm.connectionId,
    );
    expect((await payrollFor(actor, "payroll.edit", { companyId: "1001" }, "payroll.enter_own")).connection.id).toBe(
      firm.connectionId,
    );
    // Another company of the same connection: 404, as if it did not exist.
    await expect(payrollFor(actor, "payroll.read", { companyId: "1002" }, "payroll.read_own")).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(payrollFor(actor, "payroll.edit", { companyId: "1002" }, "payroll.enter_own")).rejects.toMatchObject({
      code: "not_found",
    });
    // Their own company on a firm's route (the company page, history, imports, review): 404 too.
    await expect(payrollFor(actor, "payroll.read", { companyId: "1001" })).rejects.toMatchObject({ code: "not_found" });
    await expect(payrollFor(actor, "payroll.edit", { companyId: "1001" })).rejects.toMatchObject({ code: "not_found" });
    await expect(payrollFor(actor, "payroll.read")).rejects.toMatchObject({ code: "not_found" });
    // The other workspace's company 1001 (same id): the client is not its member.
    await expect(
      payrollFor(
        { userId: client, workspaceId: other.workspaceId },
        "payroll.read",
        { companyId: "1001" },
        "payroll.read_own",
      ),
    ).rejects.toThrow();
    // `own` adds no right to the firm's roles: a viewer still may not enter.
    await expect(
      payrollFor(
        { userId: firm.viewer, workspaceId: firm.workspaceId },
        "payroll.edit",
        { companyId: "1001" },
        "payroll.enter_own",
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(
      (
        await payrollFor(
          { userId: firm.viewer, workspaceId: firm.workspaceId },
          "payroll.read",
          { companyId: "1002" },
          "payroll.read_own",
        )
      ).connection.id,
    ).toBe(firm.connectionId);

    // The draft's stream asks again before each event: their company only, and only while it is theirs.
    const own = (companyId: number) => ({ permission: "payroll.read_own" as const, companyId });
    expect(await stillPermitted(client, firm.connectionId, "payroll.read", own(1001))).toBe(true);
    expect(await stillPermitted(client, firm.connectionId, "payroll.read", own(1002))).toBe(false);
    expect(await stillPermitted(client, other.connectionId, "payroll.read", own(1001))).toBe(false);
    expect(await stillPermitted(client, firm.connectionId, "payroll.read")).toBe(false);
    await db.workspaceMemberCompany.deleteMany({ where: { userId: client } });
    expect(await stillPermitted(client, firm.connectionId, "payroll.read", own(1001))).toBe(false);
    await expect(payrollFor(actor, "payroll.read", { companyId: "1001" }, "payroll.read_own")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("a client reads no members, no audit trail, no overview; the calendar feed lists their companies only; four eyes does not count them", async ({
    world,
  }) => {
    const { listMembers } = await import("./members");
    const { auditPeople, listAuditEntries } = await import("@/lib/audit/server/query");
    const { feedEvents } = await import("@/features/deadlines/server/calendar-feed");
    const { effectiveFourEyes } = await import("@/features/month-close/server/four-eyes");
    const { getDb } = await import("@/lib/db/client");
    const { overviewFor } = await import("@/features/overview/server/rows");
    const { readOverviewSearchParams } = await import("@/features/overview/filters");
    const { firm } = world;
    const client = await clientOf(world, [1002], "reader");
    await expect(listMembers(client, firm.workspaceId)).rejects.toMatchObject({ code: "forbidden" });
    expect((await listMembers(firm.viewer, firm.workspaceId)).find((member) => member.userId === client)).toMatchObject(
      {
        roles: ["client"],
        companies: [{ connectionId: firm.connectionId, companyId: 1002, name: expect.any(String) }],
      },
    );
    expect((await listAuditEntries(firm.owner, firm.workspaceId, {})).entries.length).toBeGreaterThan(0);
    expect((await listAuditEntries(client, firm.workspaceId, {})).entries).toEqual([]);
    expect(await auditPeople(client, firm.workspaceId)).toEqual([]);
    const overview = (userId: string, roles: WorkspaceRoleName[]) =>
      overviewFor({ userId, workspaceId: firm.workspaceId, roles }, readOverviewSearchParams({}));
    expect((await overview(firm.viewer, ["viewer"])).rows.length).toBeGreaterThan(0);
    expect(await overview(client, ["client"])).toMatchObject({ rows: [], members: [] });
    const companies = new Set(
      (await feedEvents(client))
        .filter((event) => event.connectionId === firm.connectionId)
        .map((event) => event.companyId),
    );
    expect([...companies]).toEqual([1002]);
    expect(new Set((await feedEvents(firm.viewer)).map((event) => event.companyId))).toEqual(new Set([1001, 1002]));
    // Owner and viewer are two of the firm: four eyes by default; a client would not make a lone owner two.
    const lone = await getDb().workspace.create({
      data: { name: "lone", members: { create: [{ userId: firm.owner, roles: ["owner"] }] } },
    });
    await getDb().workspaceMember.create({ data: { workspaceId: lone.id, userId: client, roles: ["client"] } });
    expect(await effectiveFourEyes(getDb(), lone.id)).toBe(false);
  });
});

describe("a client's companies, the owner's side", () => {
  it("refuses a company of another workspace; the owner changes a client's companies (audited) and cannot turn a client into the firm's member", async ({
    world,
    db,
  }) => {
    const { createInvitation, listInvitations } = await import("./invitations");
    const { changeMemberCompanies, companyChoices } = await import("./client-companies");
    const { changeRoles } = await import("./members");
    const { firm, other } = world;
    // The other workspace's connection, even with a company id this workspace also has: 422 on `companies`.
    await expect(
      createInvitation(firm.owner, firm.workspaceId, ["client"], undefined, [
        { connectionId: other.connectionId, companyId: 1001 },
      ]),
    ).rejects.toMatchObject({ code: "invalid", fields: { companies: "notInWorkspace" } });
    await expect(
      createInvitation(firm.owner, firm.workspaceId, ["client"], undefined, [
        { connectionId: firm.connectionId, companyId: 999_999 },
      ]),
    ).rejects.toMatchObject({ code: "invalid" });
    // Only an owner invites (the viewer's attempt is refused before the companies are looked at).
    await expect(
      createInvitation(firm.viewer, firm.workspaceId, ["client"], undefined, [
        { connectionId: firm.connectionId, companyId: 1001 },
      ]),
    ).rejects.toMatchObject({ code: "forbidden" });
    const created = await createInvitation(firm.owner, firm.workspaceId, ["client"], { email: "mandant@example.com" }, [
      { connectionId: firm.connectionId, companyId: 1001 },
    ]);
    expect(created.invitation.companies).toEqual([
      { connectionId: firm.connectionId, companyId: 1001, name: expect.any(String) },
    ]);
    // The e-mail names the client's companies with the role.
    const { openInvitationOf } = await import("./invitations");
    const { invitationMail } = await import("./mail");
    const open = await openInvitationOf(firm.owner, firm.workspaceId, created.token);
    expect(open?.companies).toEqual([created.invitation.companies[0]!.name]);
    const mail = invitationMail(
      { ...open!, to: "mandant@example.com", inviter: "Owner", link: "https://example.com/i" },
      { inviter: "en", invitee: "en" },
    );
    expect(mail.text).toContain(`Client (${open!.companies[0]})`);
    expect(
      (await listInvitations(firm.owner, firm.workspaceId)).find((row) => row.id === created.invitation.id)?.companies,
    ).toHaveLength(1);
    expect((await companyChoices(firm.owner, firm.workspaceId)).map((company) => company.companyId)).toEqual(
      expect.arrayContaining([1001, 1002]),
    );
    expect(await companyChoices(firm.viewer, firm.workspaceId)).toEqual([]);

    const client = await clientOf(world, [1001], "changed");
    // A link opened again by the client names their way in: their companies, not the workspace's settings.
    const { checkInvitation } = await import("./invitation-acceptance");
    const another = await createInvitation(firm.owner, firm.workspaceId, ["viewer"]);
    expect(await checkInvitation(another.token, { id: client, email: null })).toMatchObject({
      state: "member",
      client: true,
    });
    expect(await checkInvitation(another.token, { id: firm.viewer, email: null })).not.toHaveProperty("client");
    const both = [1001, 1002].map((companyId) => ({ connectionId: firm.connectionId, companyId }));
    await expect(changeMemberCompanies(firm.viewer, firm.workspaceId, client, both)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(changeMemberCompanies(firm.owner, firm.workspaceId, firm.viewer, both)).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(
      changeMemberCompanies(firm.owner, firm.workspaceId, client, [
        { connectionId: other.connectionId, companyId: 1002 },
      ]),
    ).rejects.toMatchObject({ code: "invalid" });
    await changeMemberCompanies(firm.owner, firm.workspaceId, client, both);
    expect(await db.workspaceMemberCompany.count({ where: { userId: client, workspaceId: firm.workspaceId } })).toBe(2);
    const entry = await db.auditEntry.findFirstOrThrow({
      where: { workspaceId: firm.workspaceId, kind: "member.companies_changed", subjectId: client },
    });
    expect(entry.details).toMatchObject({
      from: [{ companyId: 1001 }],
      to: [{ companyId: 1001 }, { companyId: 1002 }],
    });

    for (const roles of [["clerk"], ["viewer"]] satisfies WorkspaceRoleName[][]) {
      await expect(changeRoles(firm.owner, firm.workspaceId, client, roles)).rejects.toMatchObject({ code: "invalid" });
    }
    await expect(changeRoles(firm.owner, firm.workspaceId, firm.viewer, ["client"])).rejects.toMatchObject({
      code: "invalid",
    });
  });
});
