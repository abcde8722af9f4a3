import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { test as it } from "@/features/accounting/testing/fixtures";
import type { PayrollClient } from "@/features/payroll/upstream/server/payroll-service";
import type { Company } from "../../upstream/schemas";

// The cached company list against the suite's Postgres, at the size of a large firm (300 companies).

const company = (id: number, name1 = `Firma ${id}`): Company => ({
  id,
  name1,
  name2: "GmbH",
  address: { street_address: `Straße ${id}`, postal_code: "80331", location: "München" },
  current_month: "2026-11",
});
const clientListing = (companies: Company[]) => ({ listCompanies: async () => companies }) as unknown as PayrollClient;

async function newConnection(): Promise<string> {
  const { getDb } = await import("@/lib/db/client");
  const { personalActor } = await import("../../testing/actor");
  const user = await getDb().user.create({ data: { accountingUserId: `test-${randomUUID()}` } });
  const connection = await getDb().payrollConnection.create({
    data: {
      workspaceId: (await personalActor(user.id)).workspaceId,
      baseUrl: "http://payroll.test/v1",
      username: "Test",
      apiKeyEncrypted: "unused",
    },
  });
  return connection.id;
}

describe("syncCompanies", () => {
  it("replaces a 300-company list in one statement: updates, adds and removes, also for several connections at once", async () => {
    const { cachedCompanies, syncCompanies } = await import("./companies");
    const connections = await Promise.all(Array.from({ length: 6 }, () => newConnection()));
    const first = Array.from({ length: 300 }, (_, index) => company(index + 1));
    await Promise.all(connections.map((id) => syncCompanies(id, clientListing(first))));
    for (const id of connections) expect(await cachedCompanies(id)).toHaveLength(300);

    // Company 1 renamed, 2–11 gone (300 − 10 + 1 = 291), 301 new; again for all connections at once.
    const second = [company(1, "Umbenannt"), ...first.slice(11), company(301)];
    const synced = await Promise.all(connections.map((id) => syncCompanies(id, clientListing(second))));
    expect(synced[0]).toHaveLength(291);
    const cached = await cachedCompanies(connections[0]!);
    expect(cached.map((row) => row.id)).toEqual(second.map((row) => row.id).sort((a, b) => a - b));
    expect(cached[0]).toMatchObject({
      id: 1,
      name1: "Umbenannt",
      current_month: "2026-11",
      address: company(1).address,
    });
    expect(Math.abs(cached[0]!.syncedAt.getTime() - synced[0]![0]!.syncedAt.getTime())).toBeLessThan(1_000);

    await syncCompanies(connections[1]!, clientListing([]));
    expect(await cachedCompanies(connections[1]!)).toEqual([]);
    expect(await cachedCompanies(connections[2]!)).toHaveLength(291);
  });
});
