import { describe, expect, vi } from "vitest";
import type { MonthActor, MonthStep } from "./audit";
import { hoursLines, monthTest, recordingWakes, service } from "./testing/month-world";

// Hand in and send back (issue #28) through the real audit writer, events and notifications on the
// suite's Postgres: the client hands in only their own company's month, the firm sends it back with
// a reason or submits it, who is told of each, and the month lock per person while it is handed in.

const steps: MonthStep[] = [];
const wakes: Date[] = [];
vi.mock("./jobs", () => recordingWakes(wakes));

interface Clients {
  /** The client of the world's company (workspace_member_companies). */
  kai: MonthActor;
  /** A client of the same workspace given another company only. */
  other: MonthActor;
  /** A client of another workspace, with a forged row naming this workspace's connection and company. */
  stranger: MonthActor;
}

const it = monthTest({ steps, wakes }).extend("clients", { scope: "file" }, async ({ world, db }): Promise<Clients> => {
  const stamp = Date.now();
  const person = (name: string) =>
    db.user.create({ data: { verifiedEmail: `${name.split(" ")[0]}-${stamp}@example.test`, displayName: name } });
  const [kai, otto, sven] = await Promise.all([person("Kai Client"), person("Otto Client"), person("Sven Stranger")]);
  await db.workspaceMember.createMany({
    data: [
      { workspaceId: world.workspaceId, userId: kai.id, roles: ["client"] },
      { workspaceId: world.workspaceId, userId: otto.id, roles: ["client"] },
    ],
  });
  await db.workspaceMemberCompany.createMany({
    data: [
      {
        workspaceId: world.workspaceId,
        userId: kai.id,
        connectionId: world.connectionId,
        companyId: world.key.companyId,
      },
      {
        workspaceId: world.workspaceId,
        userId: otto.id,
        connectionId: world.connectionId,
        companyId: world.key.companyId + 1,
      },
    ],
  });
  const elsewhere = await db.workspace.create({
    data: { name: `Elsewhere ${stamp}`, members: { create: [{ userId: sven.id, roles: ["client"] }] } },
  });
  await db.workspaceMemberCompany.create({
    data: {
      workspaceId: elsewhere.id,
      userId: sven.id,
      connectionId: world.connectionId,
      companyId: world.key.companyId,
    },
  });
  const client = (user: { id: string; displayName: string | null }, workspaceId: string): MonthActor => ({
    workspaceId,
    userId: user.id,
    name: user.displayName ?? "",
    roles: ["client"],
  });
  return {
    kai: client(kai, world.workspaceId),
    other: client(otto, world.workspaceId),
    stranger: client(sven, elsewhere.id),
  };
});

async function handIn() {
  return await import("./hand-in");
}

describe("hand in", () => {
  it("the client of the company hands in: Handed in, who and when stored, one audit entry; again refused (409)", async ({
    world: { workspaceId, key },
    clients: { kai },
    db,
  }) => {
    const { handInMonth } = await handIn();
    const view = await handInMonth(key, kai);
    expect(view).toMatchObject({ state: "handed_in", handedInBy: "Kai Client", sentBackReason: null });
    expect(view.handedInAt).not.toBeNull();
    const row = await db.monthClose.findFirstOrThrow({
      where: { connectionId: key.connectionId, companyId: key.companyId },
    });
    expect(row).toMatchObject({ state: "handed_in", handedInById: kai.userId, handedInByName: "Kai Client" });
    // The file's first test: no entry of the client before it.
    const audit = await db.auditEntry.findMany({
      where: { workspaceId, kind: "month_close.step", actorId: kai.userId },
    });
    expect(audit.map((entry) => entry.details)).toEqual([
      expect.objectContaining({ action: "hand_in", from: "open", to: "handed_in" }),
    ]);
    await expect(handInMonth(key, kai)).rejects.toMatchObject({ code: "month_state" });
  });

  it("refuses another company, another workspace (even a row naming this connection) and the firm's roles, changing nothing", async ({
    world: { key, clerk, owner },
    clients: { kai, other, stranger },
    db,
  }) => {
    const { handInMonth } = await handIn();
    await expect(handInMonth({ ...key, companyId: key.companyId + 1 }, kai)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(handInMonth(key, other)).rejects.toMatchObject({ code: "forbidden" });
    await expect(handInMonth(key, stranger)).rejects.toMatchObject({ code: "forbidden" });
    // The client's roles but another person's id: the membership decides, not the roles claimed.
    await expect(handInMonth(key, { ...kai, userId: clerk.userId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(handInMonth(key, clerk)).rejects.toMatchObject({
      code: "forbidden",
      message: "A month is handed in by a member with the client role.",
    });
    await expect(handInMonth(key, owner)).rejects.toMatchObject({ code: "forbidden" });
    expect(await db.monthClose.count({ where: { connectionId: key.connectionId, state: { not: "open" } } })).toBe(0);
  });

  it("the client may not submit, approve, transfer, reopen or send back", async ({
    world: { key, context, client, company },
    clients: { kai },
  }) => {
    const { submitMonth, approveMonth, reopenMonth, transferMonth, withdrawMonth } = await service();
    const { sendBackMonth } = await handIn();
    await expect(submitMonth(key, kai, context)).rejects.toMatchObject({ code: "forbidden" });
    await expect(withdrawMonth(key, kai)).rejects.toMatchObject({ code: "forbidden" });
    await expect(approveMonth(key, kai, context)).rejects.toMatchObject({ code: "forbidden" });
    await expect(transferMonth(key, kai, client, company)).rejects.toMatchObject({ code: "forbidden" });
    await expect(reopenMonth(key, kai, "because")).rejects.toMatchObject({ code: "forbidden" });
    await expect(sendBackMonth(key, kai, "because")).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("send back and submit", () => {
  it("a reason is required, visible and at most 500 characters (field-level 422), checked before anything changes", async ({
    world: { key, clerk },
    clients: { kai },
    db,
  }) => {
    const { handInMonth, sendBackMonth } = await handIn();
    await handInMonth(key, kai);
    await expect(sendBackMonth(key, clerk, "")).rejects.toMatchObject({
      code: "invalid",
      fields: { reason: "required" },
    });
    await expect(sendBackMonth(key, clerk, " \u200b ")).rejects.toMatchObject({
      code: "invalid",
      fields: { reason: "invisible" },
    });
    await expect(sendBackMonth(key, clerk, "x".repeat(501))).rejects.toMatchObject({
      code: "invalid",
      fields: { reason: "tooLong" },
    });
    expect((await db.monthClose.findFirstOrThrow({ where: { connectionId: key.connectionId } })).state).toBe(
      "handed_in",
    );
    // 500 characters are enough.
    expect(await sendBackMonth(key, clerk, "y".repeat(500))).toMatchObject({
      state: "open",
      sentBackReason: "y".repeat(500),
    });
  });

  it("the firm sends back: Open with the reason, who and when; the client is told; the client hands in again and the reason is gone", async ({
    world: { workspaceId, key, clerk, approver, viewer },
    clients: { kai, other },
    db,
  }) => {
    const { handInMonth, sendBackMonth } = await handIn();
    const since = new Date();
    await handInMonth(key, kai);
    await expect(sendBackMonth(key, approver, "no")).rejects.toMatchObject({ code: "forbidden" });
    await expect(sendBackMonth(key, viewer, "no")).rejects.toMatchObject({ code: "forbidden" });
    const back = await sendBackMonth(key, clerk, "  Hours of employee 2 are missing  ");
    expect(back).toMatchObject({
      state: "open",
      sentBackReason: "Hours of employee 2 are missing",
      sentBackBy: "Clara Clerk",
      handedInBy: null,
    });
    expect(back.sentBackAt).not.toBeNull();
    const told = await db.notification.findMany({
      where: { workspaceId, kind: "month_sent_back", createdAt: { gte: since } },
    });
    // Only the client of this company (not Otto, whose company is another).
    expect(told.map((row) => row.userId)).toEqual([kai.userId]);
    expect(told[0]?.data).toMatchObject({
      reason: "Hours of employee 2 are missing",
      actorName: "Clara Clerk",
      period: key.period,
    });
    expect(told.map((row) => row.userId)).not.toContain(other.userId);
    const audit = await db.auditEntry.findFirstOrThrow({
      where: { workspaceId, actorId: clerk.userId, kind: "month_close.step", occurredAt: { gte: since } },
    });
    expect(audit.details).toMatchObject({
      action: "send_back",
      from: "handed_in",
      to: "open",
      reason: "Hours of employee 2 are missing",
    });
    expect(await handInMonth(key, kai)).toMatchObject({ state: "handed_in", sentBackReason: null, sentBackBy: null });
  });

  it("every open page of the month hears its new state at commit (the draft stream's month event), in any process", async ({
    world: { key, clerk, connectionId },
    clients: { kai },
  }) => {
    const { handInMonth, sendBackMonth } = await handIn();
    const { DraftHub, draftKeyText } = await import("@/features/payroll/entries/server/draft-hub");
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    // Another app process's hub: it hears only what Postgres delivers.
    const hub = new DraftHub({
      connectionString: () => process.env.DATABASE_URL!,
      notify: async (channel, payload) => void (await pool.query("SELECT pg_notify($1, $2)", [channel, payload])),
      reconnectMs: 20,
    });
    try {
      const heard: string[] = [];
      for (const kind of ["hours", "payments"] as const)
        hub.subscribe(draftKeyText({ connectionId, companyId: key.companyId, period: key.period, kind }), (event) => {
          if (event.type === "month") heard.push(`${kind}:${event.state}`);
        });
      expect(await hub.whenLive(5_000)).toBe(true);
      await handInMonth(key, kai);
      await expect.poll(() => heard.slice().sort()).toEqual(["hours:handed_in", "payments:handed_in"]);
      await sendBackMonth(key, clerk, "Hours of employee 2 are missing");
      await expect.poll(() => heard.length).toBe(4);
      expect(heard.slice(2).sort()).toEqual(["hours:open", "payments:open"]);
    } finally {
      await hub.close();
      await pool.end();
    }
  });

  it("handed in → the firm's clerks and owners are told; with an assigned clerk only they are", async ({
    world: { workspaceId, key, clerk, owner, approver, viewer },
    clients: { kai },
    db,
  }) => {
    const { handInMonth, sendBackMonth } = await handIn();
    const toldSince = async (since: Date) =>
      (await db.notification.findMany({ where: { workspaceId, kind: "month_handed_in", createdAt: { gte: since } } }))
        .map((row) => row.userId)
        .sort();
    let since = new Date();
    await handInMonth(key, kai);
    expect(await toldSince(since)).toEqual([clerk.userId, owner.userId].sort());
    expect(await toldSince(since)).not.toContain(approver.userId);
    expect(await toldSince(since)).not.toContain(viewer.userId);
    await sendBackMonth(key, owner, "Again please");
    await db.payrollCompanyAssignee.create({
      data: { connectionId: key.connectionId, companyId: key.companyId, userId: clerk.userId },
    });
    try {
      since = new Date();
      await handInMonth(key, kai);
      expect(await toldSince(since)).toEqual([clerk.userId]);
    } finally {
      await db.payrollCompanyAssignee.deleteMany({ where: { connectionId: key.connectionId } });
    }
  });

  it("the firm submits a handed-in month for review; withdrawn it is Handed in again", async ({
    world: { key, clerk, context },
    clients: { kai },
  }) => {
    const { submitMonth, withdrawMonth } = await service();
    const { handInMonth } = await handIn();
    await handInMonth(key, kai);
    expect(await submitMonth(key, clerk, context)).toMatchObject({ state: "in_review", handedInBy: "Kai Client" });
    expect(await withdrawMonth(key, clerk)).toMatchObject({ state: "handed_in", handedInBy: "Kai Client" });
  });
});

describe("the month lock while handed in", () => {
  it("takes the firm's saves, refuses the client's (409 month_frozen); after a send-back the client's too", async ({
    world: { key, clerk },
    clients: { kai },
  }) => {
    const { saveEntryDraft } = await import("@/features/payroll/entries/server/drafts");
    const { handInMonth, sendBackMonth } = await handIn();
    const hours = { ...key, kind: "hours" as const };
    const editor = (actor: MonthActor) => ({ workspaceId: actor.workspaceId, userId: actor.userId, name: actor.name });
    await handInMonth(key, kai);
    await expect(saveEntryDraft(hours, hoursLines(key.period), editor(kai))).rejects.toMatchObject({
      code: "month_frozen",
    });
    await expect(saveEntryDraft(hours, hoursLines(key.period), editor(clerk))).resolves.toMatchObject({
      revision: expect.any(Number),
    });
    await sendBackMonth(key, clerk, "Fix employee 2");
    await expect(saveEntryDraft(hours, hoursLines(key.period), editor(kai))).resolves.toMatchObject({
      revision: expect.any(Number),
    });
  });
});
