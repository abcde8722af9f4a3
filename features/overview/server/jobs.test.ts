import { describe, expect } from "vitest";
import { test } from "@/features/accounting/testing/fixtures";

// The overview's jobs: a refresh is one pg-boss job per connection (one waiting at most), and the
// sweep queues connections whose companies were not refreshed lately.

// pg-boss, started by the code under test, is stopped after the file (before its sandbox closes).
const it = test.extend("boss", { scope: "file", auto: true }, async ({}, { onCleanup }) => {
  onCleanup(async () => {
    const { stopBoss } = await import("@/lib/jobs/boss");
    await stopBoss();
  });
});

describe("the overview's jobs", () => {
  it("queue one refresh per connection at most while one waits", async ({ db }) => {
    const { enqueueRefresh } = await import("./jobs");
    const connectionId = crypto.randomUUID();
    expect(await enqueueRefresh([connectionId])).toBe(1);
    expect(await enqueueRefresh([connectionId])).toBe(0);
    expect(await enqueueRefresh([])).toBe(0);
    const [waiting] = await db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'overview-refresh' AND state = 'created' AND singleton_key = ${connectionId}`;
    expect(waiting).toEqual({ count: 1 });
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'overview-refresh' AND singleton_key = ${connectionId}`;
  });

  it("the sweep queues a connection whose companies were never refreshed, and not once they were", async ({ db }) => {
    const { dueConnections } = await import("./refresh");
    const { sealSecret } = await import("@/lib/server/secrets");
    const workspace = await db.workspace.create({ data: { name: `Sweep ${Date.now()}` } });
    const id = crypto.randomUUID();
    await db.payrollConnection.create({
      data: {
        id,
        workspaceId: workspace.id,
        baseUrl: "http://127.0.0.1:1/payroll",
        username: `sweep-${id}`,
        apiKeyEncrypted: sealSecret("pk_x", { table: "payroll_connections", column: "api_key_encrypted", rowId: id }),
        companies: { create: { companyId: 7, name1: "Sweep GmbH", name2: "", address: {}, currentMonth: "2026-11" } },
      },
    });
    try {
      expect(await dueConnections()).toContain(id);
      await db.payrollCompanyState.create({ data: { connectionId: id, companyId: 7, refreshedAt: new Date() } });
      expect(await dueConnections()).not.toContain(id);
    } finally {
      await db.payrollConnection.delete({ where: { id } });
    }
  });
});
