import type { WorkspaceRoleName } from "@/features/workspaces/schemas";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sessionCache } from "@/lib/auth/server/session-cache";
import { loadRecentSessionUser, loadSessionUser } from "@/lib/auth/server/session-store";
import { testDb } from "@/scripts/test/db";
import { acceptInvitation, checkInvitation } from "./invitation-acceptance";
import { createInvitation, listInvitations, revokeInvitation } from "./invitations";
import { changeRoles, chooseWorkspace, listMembers, listMyWorkspaces, removeMember, renameWorkspace } from "./members";
import { renameWorkspaceSchema } from "../schemas";
import { ensurePersonalWorkspace } from "./personal";
import { hashInvitationToken } from "./token";

const url = inject("databaseUrl");
const db = testDb();
const userIds: string[] = [];

beforeAll(() => {
  // The service reads DATABASE_URL and NEXTAUTH_URL (links) from the app's configuration.
  Object.assign(process.env, {
    DATABASE_URL: url,
    NEXTAUTH_URL: "http://localhost:3999",
    ACCOUNTING_AUTH_URL: "http://127.0.0.1:9/auth",
    ACCOUNTING_TOKEN_URL: "http://127.0.0.1:9/token",
    ACCOUNTING_REVOKE_URL: "http://127.0.0.1:9/revoke",
    ACCOUNTING_BASE_URL: "http://127.0.0.1:9/v3.1",
    ACCOUNTING_CLIENT_ID: "test",
    ACCOUNTING_CLIENT_SECRET: "test",
    PAYROLL_BASE_URL: "http://127.0.0.1:9/payroll",
  });
});
afterAll(async () => {
  // A workspace with audit entries stays (the trail is append-only; its entries keep it).
  await db.workspace.deleteMany({
    where: { members: { some: { userId: { in: userIds } } }, auditEntries: { none: {} } },
  });
  await db.workspace.deleteMany({ where: { personalUserId: { in: userIds }, auditEntries: { none: {} } } });
  await db.user.deleteMany({ where: { id: { in: userIds } } });
  await db.$disconnect();
  await sessionCache().close();
});

/** A person who has signed in once: they have their personal workspace. */
async function person(name: string): Promise<string> {
  const user = await db.user.create({ data: { accountingUserId: `workspaces:${randomUUID()}`, displayName: name } });
  userIds.push(user.id);
  await ensurePersonalWorkspace(user.id);
  return user.id;
}

/** A signed-in person opening a link (their e-mail as the accounting service reported it). */
const opener = (id: string, email: string | null = null) => ({ id, email });

async function personalOf(userId: string): Promise<string> {
  return (await db.workspace.findUniqueOrThrow({ where: { personalUserId: userId } })).id;
}

async function sessionOf(userId: string) {
  const session = await db.session.create({ data: { userId, expiresAt: new Date(Date.now() + 3_600_000) } });
  return () => loadSessionUser(session.id, userId);
}

/** An owner invites `userId`, who joins with `roles`. */
async function join(ownerId: string, workspaceId: string, userId: string, roles: WorkspaceRoleName[]) {
  const { token } = await createInvitation(ownerId, workspaceId, roles);
  await acceptInvitation(token, userId);
}

const snapshot = async (workspaceId: string) => ({
  members: await db.workspaceMember.findMany({ where: { workspaceId }, orderBy: { userId: "asc" } }),
  invitations: await db.workspaceInvitation.findMany({ where: { workspaceId }, orderBy: { id: "asc" } }),
});

describe("invitations for a named person", () => {
  it("work only for the person whose reported e-mail is the named one; anyone else is refused and the link stays open", async () => {
    const owner = await person("Owner");
    const firm = await personalOf(owner);
    const created = await createInvitation(owner, firm, ["clerk"], {
      email: "Carla.Clerk@example.com",
      name: "Carla Clerk",
    });
    expect(created.invitation).toMatchObject({
      state: "open",
      invitee: { email: "Carla.Clerk@example.com", name: "Carla Clerk" },
    });
    // Who each open invitation went to, in the owners' list; one for anyone names nobody.
    const anyone = await createInvitation(owner, firm, ["viewer"]);
    const listed = await listInvitations(owner, firm);
    expect(listed.find((invitation) => invitation.id === created.invitation.id)?.invitee).toEqual({
      email: "Carla.Clerk@example.com",
      name: "Carla Clerk",
    });
    expect(listed.find((invitation) => invitation.id === anyone.invitation.id)?.invitee).toBeNull();

    const other = await person("Oscar Other");
    const before = await snapshot(firm);
    // The page says it is someone else's, naming the opener's own address only.
    expect(await checkInvitation(created.token, opener(other, "oscar@example.com"))).toEqual({
      state: "other_person",
      yourEmail: "oscar@example.com",
    });
    await expect(acceptInvitation(created.token, other, async () => "oscar@example.com")).rejects.toMatchObject({
      code: "invitation_other_person",
      status: 403,
    });
    // No e-mail reported at all is no match either.
    await expect(acceptInvitation(created.token, other, async () => null)).rejects.toMatchObject({
      code: "invitation_other_person",
    });
    expect(await snapshot(firm)).toEqual(before);

    // The named person joins; what decides is what the service reports now, without case.
    const carla = await person("Carla Clerk");
    expect(await checkInvitation(created.token, opener(carla, "carla.clerk@EXAMPLE.com"))).toMatchObject({
      state: "open",
      workspaceName: "Owner",
    });
    expect(await acceptInvitation(created.token, carla, async () => " carla.clerk@example.com ")).toEqual({
      workspaceId: firm,
    });
    expect(
      (await listInvitations(owner, firm)).find((invitation) => invitation.id === created.invitation.id),
    ).toMatchObject({
      state: "used",
      usedBy: "Carla Clerk",
    });
    // A link for anyone still works for anyone.
    expect(await acceptInvitation(anyone.token, other, async () => "oscar@example.com")).toEqual({ workspaceId: firm });
  });
});

describe("guessing invitation links", () => {
  it("the 11th link a person opens or uses in a minute is refused with 429 (the page says when to try again)", async () => {
    const guesser = await person("Guesser");
    for (let index = 0; index < 5; index += 1) {
      expect(await checkInvitation(`guess-${index}`, opener(guesser))).toEqual({ state: "invalid" });
      await expect(acceptInvitation(`guess-${index}`, guesser)).rejects.toMatchObject({ code: "invitation_invalid" });
    }
    await expect(acceptInvitation("guess-10", guesser)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      retryAfterSeconds: expect.any(Number) as unknown,
    });
    expect(await checkInvitation("guess-11", opener(guesser))).toEqual({
      state: "rate_limited",
      retryAfterSeconds: expect.any(Number) as unknown,
    });
    // Another person has their own count; signed out, nothing is counted (and nothing can be used).
    expect(await checkInvitation("guess-12", opener(await person("Someone")))).toEqual({ state: "invalid" });
    expect(await checkInvitation("guess-13", null)).toEqual({ state: "invalid" });
  });
});

describe("personal workspaces", () => {
  it("are made once per person, with them as owner, and are what a session works in", async () => {
    const anna = await person("Anna Berg");
    await ensurePersonalWorkspace(anna);
    expect(await db.workspace.count({ where: { personalUserId: anna } })).toBe(1);
    const workspaces = await listMyWorkspaces(anna);
    expect(workspaces).toEqual([{ id: await personalOf(anna), name: "Anna Berg", personal: true, roles: ["owner"] }]);
    const session = await sessionOf(anna);
    expect((await session())?.workspace).toEqual({
      id: workspaces[0]!.id,
      name: "Anna Berg",
      personal: true,
      roles: ["owner"],
      requirePasskey: false,
    });
  });
});

describe("members and roles", () => {
  it("an invited person joins, works in the new workspace, and switches back", async () => {
    const owner = await person("Olga Owner");
    const clerk = await person("Carl Clerk");
    const firm = await personalOf(owner);
    await join(owner, firm, clerk, ["clerk", "approver"]);
    const session = await sessionOf(clerk);
    expect((await session())?.workspace).toMatchObject({ id: firm, personal: false, roles: ["clerk", "approver"] });
    expect((await listMyWorkspaces(clerk)).map((workspace) => workspace.id)).toEqual([await personalOf(clerk), firm]);
    expect((await listMembers(clerk, firm)).map((member) => [member.name, member.roles])).toEqual([
      ["Olga Owner", ["owner"]],
      ["Carl Clerk", ["clerk", "approver"]],
    ]);
    expect(await chooseWorkspace(clerk, await personalOf(clerk))).toBe(true);
    expect((await session())?.workspace?.id).toBe(await personalOf(clerk));
    // Not a member: nothing is stored.
    expect(await chooseWorkspace(clerk, await personalOf(await person("Stranger")))).toBe(false);
    expect((await session())?.workspace?.id).toBe(await personalOf(clerk));
  });

  it("only owners change roles or remove others; outsiders get 404, members without the role 403", async () => {
    const owner = await person("Owner");
    const viewer = await person("Viewer");
    const outsider = await person("Outsider");
    const firm = await personalOf(owner);
    await join(owner, firm, viewer, ["viewer"]);
    const before = await snapshot(firm);
    await expect(changeRoles(viewer, firm, viewer, ["owner"])).rejects.toMatchObject({
      code: "forbidden",
      status: 403,
    });
    await expect(removeMember(viewer, firm, owner)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createInvitation(viewer, firm, ["owner"])).rejects.toMatchObject({ code: "forbidden" });
    await expect(listInvitations(viewer, firm)).rejects.toMatchObject({ code: "forbidden" });
    await expect(listMembers(outsider, firm)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(changeRoles(outsider, firm, viewer, ["owner"])).rejects.toMatchObject({ code: "not_found" });
    await expect(removeMember(outsider, firm, viewer)).rejects.toMatchObject({ code: "not_found" });
    await expect(createInvitation(outsider, firm, ["clerk"])).rejects.toMatchObject({ code: "not_found" });
    expect(await snapshot(firm)).toEqual(before);
    expect(await changeRoles(owner, firm, viewer, ["clerk", "viewer"])).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: viewer, roles: ["clerk", "viewer"] })]),
    );
  });

  it("a workspace always keeps an owner: the last one can be neither demoted nor removed, nor leave", async () => {
    const owner = await person("Last Owner");
    const clerk = await person("Clerk");
    const firm = await personalOf(owner);
    await join(owner, firm, clerk, ["clerk"]);
    const before = await snapshot(firm);
    await expect(changeRoles(owner, firm, owner, ["clerk"])).rejects.toMatchObject({
      code: "last_owner",
      status: 409,
      message: expect.stringContaining("always keeps an owner"),
    });
    await expect(removeMember(owner, firm, owner)).rejects.toMatchObject({ code: "last_owner", status: 409 });
    expect(await snapshot(firm)).toEqual(before);

    // With a second owner, the first may step down, and then the second is the last.
    await changeRoles(owner, firm, clerk, ["owner", "clerk"]);
    await changeRoles(owner, firm, owner, ["viewer"]);
    await expect(removeMember(clerk, firm, clerk)).rejects.toMatchObject({ code: "last_owner" });
    await expect(changeRoles(clerk, firm, clerk, ["clerk"])).rejects.toMatchObject({ code: "last_owner" });
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const a = await person("A");
    const b = await person("B");
    const firm = await personalOf(a);
    await join(a, firm, b, ["owner"]);
    const results = await Promise.allSettled([changeRoles(a, firm, b, ["clerk"]), changeRoles(b, firm, a, ["clerk"])]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.workspaceMember.count({ where: { workspaceId: firm, roles: { has: "owner" } } })).toBe(1);
  });

  it("a removed member loses the workspace on their next request; a personal workspace left behind becomes a shared one", async () => {
    const owner = await person("Owner");
    const clerk = await person("Clerk");
    const firm = await personalOf(owner);
    await join(owner, firm, clerk, ["clerk"]);
    const session = await sessionOf(clerk);
    expect((await session())?.workspace?.id).toBe(firm);
    await removeMember(owner, firm, clerk);
    expect((await session())?.workspace).toMatchObject({ id: await personalOf(clerk), personal: true });
    await expect(listMembers(clerk, firm)).rejects.toMatchObject({ code: "not_found" });
    expect(await chooseWorkspace(clerk, firm)).toBe(false);

    // The owner hands their personal workspace over and leaves: it stays, as the firm's.
    await join(owner, firm, clerk, ["owner"]);
    await removeMember(owner, firm, owner);
    expect(await db.workspace.findUniqueOrThrow({ where: { id: firm } })).toMatchObject({ personalUserId: null });
    await ensurePersonalWorkspace(owner);
    expect(await personalOf(owner)).not.toBe(firm);
  });
});

describe("invitations", () => {
  it("are single use, stored only as a hash, listed with who used them", async () => {
    const owner = await person("Owner");
    const firm = await personalOf(owner);
    const created = await createInvitation(owner, firm, ["viewer", "clerk"]);
    expect(created.link).toBe(`http://localhost:3999/invitations/${created.token}`);
    expect(created.invitation).toMatchObject({
      roles: ["clerk", "viewer"],
      state: "open",
      createdBy: "Owner",
      usedBy: null,
    });
    expect(new Date(created.invitation.expiresAt).getTime() - new Date(created.invitation.createdAt).getTime()).toBe(
      7 * 24 * 3_600_000,
    );
    const stored = await db.workspaceInvitation.findUniqueOrThrow({ where: { id: created.invitation.id } });
    expect(stored.tokenHash).toBe(hashInvitationToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const guest = await person("Gina Guest");
    expect(await checkInvitation(created.token, null)).toMatchObject({
      state: "open",
      workspaceName: "Owner",
      roles: ["clerk", "viewer"],
      invitedBy: "Owner",
    });
    expect(await acceptInvitation(created.token, guest)).toEqual({ workspaceId: firm });
    const [listed] = await listInvitations(owner, firm);
    expect(listed).toMatchObject({ id: created.invitation.id, state: "used", usedBy: "Gina Guest" });
    expect(listed!.usedAt).not.toBeNull();
  });

  it("every bad link is refused with its reason and changes nothing", async () => {
    const owner = await person("Owner");
    const member = await person("Member");
    const guest = await person("Guest");
    const firm = await personalOf(owner);
    await join(owner, firm, member, ["clerk"]);

    const used = await createInvitation(owner, firm, ["clerk"]);
    await acceptInvitation(used.token, await person("First"));
    const revoked = await createInvitation(owner, firm, ["clerk"]);
    await revokeInvitation(owner, firm, revoked.invitation.id);
    const expired = await createInvitation(owner, firm, ["clerk"]);
    await db.workspaceInvitation.update({
      where: { id: expired.invitation.id },
      data: { expiresAt: new Date(Date.now() - 1_000) },
    });
    const open = await createInvitation(owner, firm, ["owner"]);

    const cases = [
      ["not-a-token", "invalid", "invitation_invalid", 404],
      ["A".repeat(43), "invalid", "invitation_invalid", 404],
      [used.token, "used", "invitation_used", 410],
      [revoked.token, "revoked", "invitation_revoked", 410],
      [expired.token, "expired", "invitation_expired", 410],
    ] as const;
    const before = await snapshot(firm);
    for (const [token, state, code, status] of cases) {
      expect(await checkInvitation(token, opener(guest))).toEqual({ state });
      await expect(acceptInvitation(token, guest)).rejects.toMatchObject({ code, status });
    }
    // Opened by a member: named, refused, and the link stays usable for someone else.
    expect(await checkInvitation(open.token, opener(member))).toEqual({
      state: "member",
      workspaceId: firm,
      workspaceName: "Owner",
    });
    await expect(acceptInvitation(open.token, member)).rejects.toMatchObject({ code: "already_member", status: 409 });
    expect(await snapshot(firm)).toEqual(before);
    expect((await listMyWorkspaces(guest)).map((workspace) => workspace.id)).not.toContain(firm);
    expect(await db.user.findUniqueOrThrow({ where: { id: member } })).toMatchObject({ activeWorkspaceId: firm });
  });

  it("two people opening one link at once: one joins", async () => {
    const owner = await person("Owner");
    const firm = await personalOf(owner);
    const { token } = await createInvitation(owner, firm, ["viewer"]);
    const [x, y] = [await person("X"), await person("Y")];
    const results = await Promise.allSettled([acceptInvitation(token, x), acceptInvitation(token, y)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({
      reason: { code: "invitation_used" },
    });
    expect(await db.workspaceMember.count({ where: { workspaceId: firm } })).toBe(2);
  });

  it("revoking: owners only, a used one stays used, twice is harmless", async () => {
    const owner = await person("Owner");
    const clerk = await person("Clerk");
    const firm = await personalOf(owner);
    await join(owner, firm, clerk, ["clerk"]);
    const open = await createInvitation(owner, firm, ["viewer"]);
    await expect(revokeInvitation(clerk, firm, open.invitation.id)).rejects.toMatchObject({ code: "forbidden" });
    expect(
      (await revokeInvitation(owner, firm, open.invitation.id)).find((item) => item.id === open.invitation.id)?.state,
    ).toBe("revoked");
    expect(
      (await revokeInvitation(owner, firm, open.invitation.id)).find((item) => item.id === open.invitation.id)?.state,
    ).toBe("revoked");
    const [usedOne] = await db.workspaceInvitation.findMany({ where: { workspaceId: firm, usedAt: { not: null } } });
    await expect(revokeInvitation(owner, firm, usedOne!.id)).rejects.toMatchObject({ code: "invitation_used" });
    await expect(revokeInvitation(owner, firm, randomUUID())).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("the membership trigger", () => {
  it("notifies the member's id on join, role change and removal (every app process drops what it remembers)", async () => {
    const owner = await person("Owner");
    const clerk = await person("Clerk");
    const firm = await personalOf(owner);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const heard: string[] = [];
    const threeHeard = new Promise<void>((resolve) =>
      client.on("notification", (message) => {
        if (heard.push(message.payload ?? "") === 3) resolve();
      }),
    );
    try {
      await client.query("LISTEN ledgerlane_user_changed");
      await client.query(`INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES ($1, $2, '{clerk}')`, [
        firm,
        clerk,
      ]);
      await client.query(`UPDATE workspace_members SET roles = '{viewer}' WHERE workspace_id = $1 AND user_id = $2`, [
        firm,
        clerk,
      ]);
      await client.query(`DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, [firm, clerk]);
      await client.query("SELECT 1");
      await threeHeard;
      expect(heard).toEqual([clerk, clerk, clerk]);
    } finally {
      await client.end();
    }
  });
});

describe("a removed member in another app process", () => {
  it("is forgotten by this process's session cache as soon as the membership row goes", async () => {
    const cache = sessionCache();
    expect(await cache.whenLive()).toBe(true);
    const owner = await person("Owner");
    const clerk = await person("Clerk");
    const firm = await personalOf(owner);
    await join(owner, firm, clerk, ["clerk"]);
    const session = await db.session.create({ data: { userId: clerk, expiresAt: new Date(Date.now() + 3_600_000) } });
    expect((await loadRecentSessionUser(session.id, clerk))?.workspace?.id).toBe(firm);
    const heard = new Promise<void>((resolve) => {
      const forget = cache.forget.bind(cache);
      cache.forget = (changed: string) => {
        forget(changed);
        if (changed === clerk) resolve();
      };
    });
    // Another process's write: straight to the database, not through this process's service.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query("DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2", [firm, clerk]);
    await other.end();
    await heard;
    expect((await loadRecentSessionUser(session.id, clerk))?.workspace?.id).toBe(await personalOf(clerk));
  });
});

describe("renaming a workspace", () => {
  it("is for owners: every member then sees the one new name, and the audit trail holds old → new", async () => {
    const owner = await person("Claudia Rename");
    const clerk = await person("Dara Rename");
    const stranger = await person("Eve Rename");
    const workspaceId = await personalOf(owner);
    await join(owner, workspaceId, clerk, ["clerk"]);

    expect(await renameWorkspace(owner, workspaceId, "Müller & Partner")).toEqual({ name: "Müller & Partner" });
    // The owner and the member see the same name (the owner's personal workspace is not "Personal workspace" to her alone).
    expect((await listMyWorkspaces(owner)).find((workspace) => workspace.id === workspaceId)?.name).toBe(
      "Müller & Partner",
    );
    expect((await listMyWorkspaces(clerk)).find((workspace) => workspace.id === workspaceId)?.name).toBe(
      "Müller & Partner",
    );
    const entries = await db.auditEntry.findMany({ where: { workspaceId, kind: "workspace.renamed" } });
    expect(entries.map((entry) => [entry.actorId, entry.details])).toEqual([
      [owner, { from: "Claudia Rename", to: "Müller & Partner" }],
    ]);

    // The same name again changes and records nothing.
    await renameWorkspace(owner, workspaceId, "Müller & Partner");
    expect(await db.auditEntry.count({ where: { workspaceId, kind: "workspace.renamed" } })).toBe(1);

    // A member without the owner role: 403; someone else: 404 (learns nothing). Nothing changed.
    await expect(renameWorkspace(clerk, workspaceId, "Taken over")).rejects.toMatchObject({ code: "forbidden" });
    await expect(renameWorkspace(stranger, workspaceId, "Taken over")).rejects.toMatchObject({ code: "not_found" });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).name).toBe("Müller & Partner");
  });

  it("takes a name with visible characters, trimmed, of at most 80 characters", () => {
    expect(renameWorkspaceSchema.parse({ name: "  Müller & Partner " })).toEqual({ name: "Müller & Partner" });
    for (const name of ["", "   ", "\u200b", "\u200b\u200d", "x".repeat(81)])
      expect(renameWorkspaceSchema.safeParse({ name }).success).toBe(false);
    expect(renameWorkspaceSchema.safeParse({ name: "A", extra: 1 }).success).toBe(false);
  });
});
