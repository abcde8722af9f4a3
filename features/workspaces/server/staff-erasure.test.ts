import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// Erasing a former staff member's name, against the suite's Postgres as the app's role: the trail
// names staff by id and reads the name when shown; after the erasure it shows "Erased staff member",
// the person's sessions are gone and their account cannot be loaded, and the chain still verifies.

const loadDb = async () => (await import("@/lib/db/client")).getDb();

const it = test.extend("firm", { scope: "file" }, async () => {
  const db = await loadDb();
  const person = (name: string) =>
    db.user.create({ data: { accountingUserId: `staff:${randomUUID()}`, displayName: name }, select: { id: true } });
  const [owner, clerk, viewer, elsewhere] = await Promise.all([
    person("Olga Owner"),
    person("Carl Clerk"),
    person("Vera Viewer"),
    person("Erik Elsewhere"),
  ]);
  const workspace = await db.workspace.create({ data: { name: `Staff firm ${randomUUID().slice(0, 6)}` } });
  const other = await db.workspace.create({ data: { name: `Other firm ${randomUUID().slice(0, 6)}` } });
  await db.workspaceMember.createMany({
    data: [
      { workspaceId: workspace.id, userId: owner.id, roles: ["owner"] },
      { workspaceId: workspace.id, userId: clerk.id, roles: ["clerk"] },
      { workspaceId: workspace.id, userId: viewer.id, roles: ["viewer"] },
      { workspaceId: workspace.id, userId: elsewhere.id, roles: ["viewer"] },
      // Erik works in another firm too, with someone else there.
      { workspaceId: other.id, userId: elsewhere.id, roles: ["clerk"] },
      { workspaceId: other.id, userId: viewer.id, roles: ["owner"] },
    ],
  });
  return { workspaceId: workspace.id, owner: owner.id, clerk: clerk.id, viewer: viewer.id, elsewhere: elsewhere.id };
});

describe("staff erasure", () => {
  it("keeps names out of new entries, erases a former member's name with the trail still verifying", async ({
    firm,
  }) => {
    const db = await loadDb();
    const { recordAudit } = await import("@/lib/audit/server/record");
    const { listAuditEntries } = await import("@/lib/audit/server/query");
    const { removeMember, renameWorkspace } = await import("./members");
    const { eraseFormerMember, listFormerMembers } = await import("./staff-erasure");
    const { createSession, loadSessionUser } = await import("@/lib/auth/server/session-store");
    const { presentWith } = await import("@/lib/audit/present");
    const { WORKSPACE_AUDIT_PRESENTERS } = await import("../audit-present");
    const t = Object.assign(
      (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key),
      { has: () => false },
    ) as unknown as Parameters<typeof presentWith>[2];
    const who = (entry: Parameters<typeof presentWith>[3]) =>
      presentWith(WORKSPACE_AUDIT_PRESENTERS as never, "en", t, entry).who;

    // Carl acts: the entry stores no name, the trail shows his as it is now.
    await db.$transaction((tx) =>
      recordAudit(
        tx,
        { workspaceId: firm.workspaceId, userId: firm.clerk, name: "Carl Clerk" },
        { kind: "workspace.renamed", details: { from: "a", to: "b" } },
      ),
    );
    // An entry written before names were kept out still holds his name.
    await db.auditEntry.create({
      data: {
        workspaceId: firm.workspaceId,
        actorId: firm.clerk,
        actorName: "Carl Clerk",
        kind: "workspace.renamed",
        details: { from: "b", to: "c" },
      },
    });
    await renameWorkspace(firm.owner, firm.workspaceId, `Renamed ${randomUUID().slice(0, 6)}`);
    const stored = await db.auditEntry.findMany({
      where: { workspaceId: firm.workspaceId },
      orderBy: { occurredAt: "asc" },
    });
    expect(stored.map((entry) => entry.actorName)).toEqual([null, "Carl Clerk", null]);
    let page = await listAuditEntries(firm.owner, firm.workspaceId, {});
    expect(page.entries.map((entry) => [entry.actorName, entry.actorErased])).toEqual([
      ["Olga Owner", false],
      ["Carl Clerk", false],
      ["Carl Clerk", false],
    ]);

    // Not erasable while a member, nor by a non-owner; Erik shares another firm: 409.
    await expect(eraseFormerMember(firm.owner, firm.workspaceId, firm.clerk)).rejects.toMatchObject({
      code: "not_found",
    });
    await removeMember(firm.owner, firm.workspaceId, firm.clerk);
    await removeMember(firm.owner, firm.workspaceId, firm.elsewhere);
    await expect(eraseFormerMember(firm.viewer, firm.workspaceId, firm.clerk)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(listFormerMembers(firm.viewer, firm.workspaceId)).rejects.toMatchObject({ code: "forbidden" });
    expect(await listFormerMembers(firm.owner, firm.workspaceId)).toEqual([
      { userId: firm.clerk, name: "Carl Clerk", erasable: true },
      { userId: firm.elsewhere, name: "Erik Elsewhere", erasable: false },
    ]);
    await expect(eraseFormerMember(firm.owner, firm.workspaceId, firm.elsewhere)).rejects.toMatchObject({
      code: "conflict",
    });

    // A notification naming Carl, and his own session.
    await db.notification.create({
      data: {
        userId: firm.owner,
        workspaceId: firm.workspaceId,
        kind: "month_submitted",
        dedupeKey: `staff-test:${randomUUID()}`,
        data: { actorName: "Carl Clerk", companyName: "Muster GmbH" },
        link: "/",
      },
    });
    const sessionId = await createSession(firm.clerk);
    expect(await loadSessionUser(sessionId, firm.clerk)).not.toBeNull();

    const counts = await eraseFormerMember(firm.owner, firm.workspaceId, firm.clerk);
    expect(counts.notifications).toBe(1);

    // Gone: his account, sessions and memberships; sign-in as him impossible; the trail pseudonymous.
    expect(await db.user.count({ where: { id: firm.clerk } })).toBe(0);
    expect(await db.session.count({ where: { userId: firm.clerk } })).toBe(0);
    expect(await loadSessionUser(sessionId, firm.clerk)).toBeNull();
    expect(await db.erasedPerson.count({ where: { userId: firm.clerk } })).toBe(1);
    expect(
      await db.notification.count({
        where: { userId: firm.owner, data: { path: ["actorName"], equals: "Carl Clerk" } },
      }),
    ).toBe(0);
    page = await listAuditEntries(firm.owner, firm.workspaceId, {});
    const carls = page.entries.filter((entry) => entry.actorId === firm.clerk);
    expect(carls.map((entry) => [entry.actorName, entry.actorErased, who(entry)])).toEqual([
      [null, true, "audit.erasedStaff"],
      [null, true, "audit.erasedStaff"],
    ]);
    const removed = page.entries.find(
      (entry) => entry.kind === "member.removed" && entry.details.memberId === firm.clerk,
    )!;
    expect(removed.member).toEqual({ name: null, erased: true });
    expect(presentWith(WORKSPACE_AUDIT_PRESENTERS as never, "en", t, removed).summary).toContain("audit.erasedStaff");
    const erasure = page.entries.find((entry) => entry.kind === "member.erased")!;
    expect(erasure).toMatchObject({ actorId: firm.owner, details: { memberId: firm.clerk } });
    expect(JSON.stringify(erasure.details)).not.toContain("Carl");
    expect(await listFormerMembers(firm.owner, firm.workspaceId)).toEqual([
      { userId: firm.elsewhere, name: "Erik Elsewhere", erasable: false },
    ]);

    // The trail verifies: every entry chained, none changed.
    const { chainPending } = await import("@/lib/audit/chain/server/append");
    const { verifyWorkspaceChain } = await import("@/lib/audit/chain/server/verify");
    await chainPending(firm.workspaceId);
    const report = await verifyWorkspaceChain(firm.workspaceId);
    expect(report).toMatchObject({ intact: true, firstBreak: null });
    expect(report.checked).toBeGreaterThanOrEqual(6);
  });
});
