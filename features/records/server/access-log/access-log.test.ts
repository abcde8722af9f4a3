import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, vi } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// The access log against the suite's Postgres, as the app's role: batching (size, timer, shutdown),
// the append-only table, exports written at once, and who reads it (owners only).

const loadDb = async () => (await import("@/lib/db/client")).getDb();

const it = test.extend("firm", { scope: "file" }, async () => {
  const db = await loadDb();
  const person = (name: string) =>
    db.user.create({ data: { accountingUserId: `access:${randomUUID()}`, displayName: name }, select: { id: true } });
  const [owner, clerk, otherOwner] = await Promise.all([person("Olga Owner"), person("Carl Clerk"), person("Otto")]);
  const workspace = await db.workspace.create({
    data: {
      name: `Access firm ${randomUUID().slice(0, 6)}`,
      members: {
        create: [
          { userId: owner.id, roles: ["owner"] },
          { userId: clerk.id, roles: ["clerk", "approver"] },
        ],
      },
    },
  });
  const other = await db.workspace.create({
    data: {
      name: `Other ${randomUUID().slice(0, 6)}`,
      members: { create: { userId: otherOwner.id, roles: ["owner"] } },
    },
  });
  return {
    db,
    owner: owner.id,
    clerk: clerk.id,
    otherOwner: otherOwner.id,
    workspaceId: workspace.id,
    otherId: other.id,
  };
});

const rowsOf = async (workspaceId: string) =>
  (await loadDb()).accessLogEntry.findMany({ where: { workspaceId }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });

afterEach(() => {
  vi.useRealTimers();
});

describe("page views", () => {
  it("are buffered, then written with who, where and which employees (ids once each, no names)", async ({ firm }) => {
    const { recordView } = await import("./record");
    const { flushAccessLog, pendingAccessRows } = await import("./writer");
    const viewer = { id: firm.clerk, workspace: { id: firm.workspaceId } };
    recordView(viewer, { kind: "hours_view", companyId: 1001, period: "2026-11", employeeIds: [3, 1, 2, 3] });
    expect(pendingAccessRows()).toBe(1);
    expect(await rowsOf(firm.workspaceId)).toEqual([]);
    await flushAccessLog();
    expect(pendingAccessRows()).toBe(0);
    expect(await rowsOf(firm.workspaceId)).toEqual([
      expect.objectContaining({
        actorId: firm.clerk,
        kind: "hours_view",
        companyId: 1001,
        period: "2026-11",
        employeeIds: [1, 2, 3],
      }),
    ]);
  });

  it("keep the time of the view to the millisecond and a large grid's employees in order", async ({ firm }) => {
    const { recordView } = await import("./record");
    const { flushAccessLog } = await import("./writer");
    const { now } = await import("@/lib/clock");
    const viewer = { id: firm.clerk, workspace: { id: firm.workspaceId } };
    const employeeIds = Array.from({ length: 1000 }, (_, index) => 1000 - index);
    const before = now().getTime();
    recordView(viewer, { kind: "hours_view", companyId: 3001, period: "2026-12", employeeIds });
    const after = now().getTime();
    await flushAccessLog();
    const [row] = (await rowsOf(firm.workspaceId)).filter((entry) => entry.companyId === 3001);
    expect(row?.employeeIds).toEqual([...employeeIds].reverse());
    expect(row?.occurredAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.occurredAt.getTime()).toBeLessThanOrEqual(after);
  });

  it("are written as soon as 200 wait, and after a second otherwise", async ({ firm }) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { recordView } = await import("./record");
    const { flushAccessLog, pendingAccessRows } = await import("./writer");
    const viewer = { id: firm.owner, workspace: { id: firm.workspaceId } };
    const view = { kind: "payments_view" as const, companyId: 1002, period: "2026-11", employeeIds: [7] };
    for (let i = 0; i < 199; i += 1) recordView(viewer, view);
    expect(pendingAccessRows()).toBe(199);
    recordView(viewer, view); // the 200th: taken at once
    expect(pendingAccessRows()).toBe(0);
    await flushAccessLog(); // that batch in
    recordView(viewer, view);
    expect(pendingAccessRows()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(pendingAccessRows()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(pendingAccessRows()).toBe(0);
    await flushAccessLog(); // waits for the batches under way
    expect((await rowsOf(firm.workspaceId)).filter((row) => row.kind === "payments_view")).toHaveLength(201);
  });

  it("are written by the graceful stop's hook", async ({ firm }) => {
    const { recordView } = await import("./record");
    const { pendingAccessRows } = await import("./writer");
    const { runShutdownHooks } = await import("@/lib/server/shutdown");
    recordView(
      { id: firm.owner, workspace: { id: firm.workspaceId } },
      { kind: "summary_view", companyId: 1003, period: "2026-10", employeeIds: [5, 6] },
    );
    expect(pendingAccessRows()).toBe(1);
    await runShutdownHooks(3_000);
    expect((await rowsOf(firm.workspaceId)).filter((row) => row.kind === "summary_view")).toHaveLength(1);
  });

  it("are not recorded for a person without a workspace, nor while switched off (the bench's baseline)", async ({
    firm,
  }) => {
    const { recordView } = await import("./record");
    const { pendingAccessRows, setAccessLogEnabled } = await import("./writer");
    const view = { kind: "hours_view" as const, companyId: 1, period: "2026-11", employeeIds: [1] };
    recordView({ id: firm.owner, workspace: null }, view);
    setAccessLogEnabled(false);
    recordView({ id: firm.owner, workspace: { id: firm.workspaceId } }, view);
    setAccessLogEnabled(true);
    expect(pendingAccessRows()).toBe(0);
  });
});

describe("exports", () => {
  it("are written at once, in the caller's transaction", async ({ firm }) => {
    const { recordExport } = await import("./record");
    const db = await loadDb();
    await expect(
      db.$transaction(async (tx) => {
        await recordExport(
          { workspaceId: firm.otherId, actorId: firm.otherOwner, kind: "tax_audit_export", employeeIds: [9] },
          tx,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await rowsOf(firm.otherId)).toEqual([]);
    await recordExport({
      workspaceId: firm.otherId,
      actorId: firm.otherOwner,
      kind: "personal_data_export",
      companyId: 1001,
      employeeIds: [4],
    });
    expect(await rowsOf(firm.otherId)).toEqual([
      expect.objectContaining({ kind: "personal_data_export", employeeIds: [4] }),
    ]);
  });
});

describe("the table", () => {
  // The suite runs as the app's role (SELECT and INSERT only, scripts/db/roles.ts); the trigger refuses the owner too.
  it("refuses UPDATE, DELETE and TRUNCATE to the app's role", async ({ firm }) => {
    const { recordExport } = await import("./record");
    await recordExport({ workspaceId: firm.workspaceId, actorId: firm.owner, kind: "import", employeeIds: [1] });
    const row = (await rowsOf(firm.workspaceId)).find((found) => found.kind === "import");
    const db = await loadDb();
    await expect(
      db.$executeRawUnsafe(`UPDATE access_log_entries SET employee_ids = '{}' WHERE id = '${row!.id}'`),
    ).rejects.toThrow(/permission denied for table access_log_entries/);
    await expect(db.$executeRawUnsafe(`DELETE FROM access_log_entries WHERE id = '${row!.id}'`)).rejects.toThrow(
      /permission denied for table access_log_entries/,
    );
    await expect(db.$executeRawUnsafe(`TRUNCATE access_log_entries`)).rejects.toThrow(
      /permission denied for table access_log_entries/,
    );
    await expect(db.accessLogEntry.deleteMany({ where: { workspaceId: firm.workspaceId } })).rejects.toThrow();
    expect(await db.accessLogEntry.findUnique({ where: { id: row!.id } })).toMatchObject({ employeeIds: [1] });
  });
});

describe("reading it", () => {
  it("is for the workspace's owners only, filtered by company and person, paged newest first", async ({ firm }) => {
    const { recordExport } = await import("./record");
    const { listAccessLog, mayReadAccessLog } = await import("./query");
    for (const [actorId, companyId] of [
      [firm.owner, 2001],
      [firm.clerk, 2001],
      [firm.clerk, 2002],
    ] as const)
      await recordExport({ workspaceId: firm.workspaceId, actorId, kind: "audit_export", companyId, employeeIds: [1] });
    expect(await mayReadAccessLog(firm.owner, firm.workspaceId)).toBe(true);
    expect(await mayReadAccessLog(firm.clerk, firm.workspaceId)).toBe(false);
    expect((await listAccessLog(firm.clerk, firm.workspaceId, {})).rows).toEqual([]);
    expect((await listAccessLog(firm.otherOwner, firm.workspaceId, {})).rows).toEqual([]);
    const byClerkIn2001 = await listAccessLog(firm.owner, firm.workspaceId, { company: 2001, person: firm.clerk });
    expect(byClerkIn2001.rows.map((row) => [row.actorId, row.companyId])).toEqual([[firm.clerk, 2001]]);
    const first = await listAccessLog(firm.owner, firm.workspaceId, { company: 2001 }, 1);
    expect(first.next).not.toBeNull();
    const second = await listAccessLog(firm.owner, firm.workspaceId, { company: 2001, after: first.next! }, 1);
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);
    expect(second.next).toBeNull();
  });
});
