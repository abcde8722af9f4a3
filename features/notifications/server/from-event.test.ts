import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// Who is told of the workspace's and the connections' events: the inviter when their invitation
// is accepted, the person removed (not when they leave), the owners once when the payroll service
// refuses a connection's key, and the person whose accounting connection ended.

describe("events told as notifications", () => {
  test("joined → the inviter; removed → that person; key refused → the owners, once", async ({ db }) => {
    const { emitEvent } = await import("@/lib/events/server/emit");
    const { markKeyRefused } = await import("@/features/payroll/connection/server/key-refused");
    const stamp = `${Date.now()}-${Math.random()}`;
    const [owner, clerk, other] = await Promise.all(
      ["Olga", "Carl", "Otto"].map((name) =>
        db.user.create({ data: { accountingUserId: `events-${name}-${stamp}`, displayName: name } }),
      ),
    );
    const workspace = await db.workspace.create({
      data: {
        name: `Events ${stamp}`,
        members: {
          create: [
            { userId: owner!.id, roles: ["owner"] },
            { userId: other!.id, roles: ["owner", "approver"] },
          ],
        },
      },
    });
    const at = () => new Date().toISOString();
    const kinds = async (userId: string) =>
      (await db.notification.findMany({ where: { userId }, orderBy: { createdAt: "asc" } })).map((row) => row.kind);

    await db.$transaction((tx) =>
      emitEvent(tx, {
        type: "member.joined",
        workspaceId: workspace.id,
        occurredAt: at(),
        actor: { id: clerk!.id, name: "Carl" },
        userId: clerk!.id,
        invitedById: owner!.id,
      }),
    );
    expect(await kinds(owner!.id)).toEqual(["invitation_accepted"]);
    expect(await kinds(other!.id)).toEqual([]);

    // Leaving tells nobody; being removed tells the person, though no longer a member.
    await db.$transaction((tx) =>
      emitEvent(tx, {
        type: "member.removed",
        workspaceId: workspace.id,
        occurredAt: at(),
        actor: { id: clerk!.id, name: "Carl" },
        userId: clerk!.id,
      }),
    );
    expect(await kinds(clerk!.id)).toEqual([]);
    await db.$transaction((tx) =>
      emitEvent(tx, {
        type: "member.removed",
        workspaceId: workspace.id,
        occurredAt: at(),
        actor: { id: owner!.id, name: "Olga" },
        userId: clerk!.id,
      }),
    );
    const removed = await db.notification.findFirstOrThrow({ where: { userId: clerk!.id } });
    expect(removed).toMatchObject({
      kind: "member_removed",
      data: { workspaceName: `Events ${stamp}`, actorName: "Olga" },
    });

    const connection = await db.payrollConnection.create({
      data: {
        workspaceId: workspace.id,
        baseUrl: "http://127.0.0.1:1/payroll",
        username: `u-${stamp}`,
        apiKeyEncrypted: "sealed",
      },
    });
    expect(await markKeyRefused(connection.id)).toBe(true);
    expect(await markKeyRefused(connection.id)).toBe(false);
    expect(await kinds(owner!.id)).toEqual(["invitation_accepted", "connection_attention"]);
    expect(await kinds(other!.id)).toEqual(["connection_attention"]);
    expect(await db.notification.findFirstOrThrow({ where: { userId: other!.id } })).toMatchObject({
      link: "/payroll",
      data: { connectionKind: "payroll", reason: "key_refused" },
    });
  });
});
