import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { testDb } from "@/scripts/test/db";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { landingPath } from "./landing";

const db = testDb();
const userIds: string[] = [];

beforeAll(() => {
  // The database client reads the app's configuration (lib/env), upstreams never called here.
  Object.assign(process.env, {
    DATABASE_URL: inject("databaseUrl"),
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
  await db.workspace.deleteMany({ where: { personalUserId: { in: userIds } } });
  await db.user.deleteMany({ where: { id: { in: userIds } } });
  await db.$disconnect();
});

async function personWithWorkspace() {
  const user = await db.user.create({ data: { accountingUserId: `landing:${randomUUID()}`, displayName: "Landing" } });
  userIds.push(user.id);
  await ensurePersonalWorkspace(user.id);
  const workspace = await db.workspace.findUniqueOrThrow({ where: { personalUserId: user.id } });
  const me = {
    id: user.id,
    workspace: {
      id: workspace.id,
      name: workspace.name,
      personal: true,
      roles: ["owner" as const],
      requirePasskey: false,
    },
  };
  return { me, workspaceId: workspace.id };
}

describe("where sign-in lands", () => {
  it("is the overview's first-run checklist for an owner until it was seen complete, then as for everyone else", async () => {
    const { me, workspaceId } = await personWithWorkspace();
    // A new person owns their personal workspace, its checklist not done: its first sign-in lands on it.
    expect(await landingPath(me)).toBe("/overview");
    await db.workspace.update({ where: { id: workspaceId }, data: { firstRunCompletedAt: new Date() } });
    expect(await landingPath(me)).toBe("/businesses");
  });

  it("is the businesses without a payroll connection, the overview with one, the businesses again once it is disconnected", async () => {
    const { me, workspaceId } = await personWithWorkspace();
    await db.workspace.update({ where: { id: workspaceId }, data: { firstRunCompletedAt: new Date() } });
    expect(await landingPath(me)).toBe("/businesses");
    const connection = await db.payrollConnection.create({
      data: {
        workspaceId,
        baseUrl: "http://127.0.0.1:9/payroll",
        username: `landing-${randomUUID()}`,
        apiKeyEncrypted: "sealed",
      },
    });
    expect(await landingPath(me)).toBe("/overview");
    await db.payrollConnection.update({
      where: { id: connection.id },
      data: { apiKeyEncrypted: null, disconnectedAt: new Date() },
    });
    expect(await landingPath(me)).toBe("/businesses");
  });

  it("is as before for a member who is not an owner, however far the owner's checklist is", async () => {
    const { workspaceId } = await personWithWorkspace();
    const { me: clerk } = await personWithWorkspace();
    await db.workspaceMember.create({ data: { workspaceId, userId: clerk.id, roles: ["clerk"] } });
    const asClerk = {
      ...clerk,
      workspace: { ...clerk.workspace, id: workspaceId, personal: false, roles: ["clerk" as const] },
    };
    expect(await landingPath(asClerk)).toBe("/businesses");
    // A session that still says owner after the owner made them a clerk: the membership decides.
    expect(await landingPath({ ...asClerk, workspace: { ...asClerk.workspace, roles: ["owner" as const] } })).toBe(
      "/businesses",
    );
  });

  it("is the businesses for someone not (or no longer) a member of the workspace that has the connection", async () => {
    const { workspaceId } = await personWithWorkspace();
    await db.payrollConnection.create({
      data: {
        workspaceId,
        baseUrl: "http://127.0.0.1:9/payroll",
        username: `landing-${randomUUID()}`,
        apiKeyEncrypted: "sealed",
      },
    });
    const { me: stranger } = await personWithWorkspace();
    expect(await landingPath({ ...stranger, workspace: { ...stranger.workspace, id: workspaceId } })).toBe(
      "/businesses",
    );
    expect(await landingPath({ ...stranger, workspace: null })).toBe("/businesses");
  });

  it("is a client's own companies (/payroll), whatever the workspace holds", async () => {
    const { me } = await personWithWorkspace();
    expect(await landingPath({ ...me, workspace: { ...me.workspace, personal: false, roles: ["client"] } })).toBe(
      "/payroll",
    );
  });
});
