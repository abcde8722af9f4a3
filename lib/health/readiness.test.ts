import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it, vi } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { migrationNames } from "./checks";
import { jobsCheck } from "./jobs-check";
import { cachedFor, keptFresh, readiness } from "./readiness";

// Readiness's checks on real databases: the suite's (migrated), one missing its last migration's
// row, and none at all (a port nothing listens on).

const pools: pg.Pool[] = [];
function poolOn(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

describe("readiness", () => {
  it("is ready on a migrated database", async () => {
    expect(await readiness({ db: poolOn(inject("databaseUrl")), migrations: () => migrationNames() })).toEqual({
      ready: true,
      checks: { database: "ok", migrations: "ok" },
    });
  });

  it("names the migration a database is missing", async () => {
    const database = await ownDatabase();
    try {
      const names = await migrationNames();
      const last = names.at(-1)!;
      // Prisma's record is the migration role's to write (scripts/db/roles.ts).
      const owner = new pg.Client({ connectionString: database.urls.migrationUrl });
      await owner.connect();
      await owner.query("DELETE FROM _prisma_migrations WHERE migration_name = $1", [last]);
      await owner.end();
      const pool = poolOn(database.urls.appUrl);
      expect(await readiness({ db: pool, migrations: async () => names })).toEqual({
        ready: false,
        checks: { database: "ok", migrations: `1 migration not applied: ${last} (npm run db:migrate)` },
      });
      await pool.end();
      pools.splice(pools.indexOf(pool), 1);
    } finally {
      await database.drop();
    }
  });

  it("says the database does not answer, and asks nothing else of it", async () => {
    const result = await readiness({
      db: poolOn("postgresql://nobody@127.0.0.1:1/nowhere"),
      migrations: () => migrationNames(),
      jobs: { jobs: async () => "ok" },
    });
    expect(result.ready).toBe(false);
    expect(result.checks.database).toMatch(/^failed: .*ECONNREFUSED/);
    expect(result.checks).toMatchObject({
      migrations: "not checked: the database does not answer",
      jobs: "not checked: the database does not answer",
    });
  });

  it("gives a check that hangs its time and no more, and says pg-boss is not started where jobs should run", async () => {
    const db = poolOn(inject("databaseUrl"));
    const result = await readiness({
      db,
      migrations: () => migrationNames(),
      jobs: { jobs: () => jobsCheck(db), backlog: () => new Promise(() => {}) },
      timeoutMs: 200,
    });
    expect(result).toEqual({
      ready: false,
      checks: {
        database: "ok",
        migrations: "ok",
        jobs: "pg-boss is not started",
        backlog: "no answer within 200 ms",
      },
    });
  });
});

describe("cachedFor", () => {
  it("shares one answer among those who ask while it runs and within its time, then asks again", async () => {
    let computed = 0;
    const cached = cachedFor(1_000, async () => (computed += 1));
    expect(await Promise.all([cached(), cached()])).toEqual([1, 1]);
    expect(await cached()).toBe(1);
    const expired = cachedFor(0, async () => (computed += 1));
    expect(await expired()).toBe(2);
    expect(await expired()).toBe(3);
  });

  it("keeps no failure", async () => {
    let calls = 0;
    const cached = cachedFor(60_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error("down");
      return calls;
    });
    await expect(cached()).rejects.toThrow("down");
    expect(await cached()).toBe(2);
  });
});

describe("keptFresh", () => {
  afterEach(() => vi.useRealTimers());

  it("answers at once from the latest answer, refreshed in the background; waits only before the first or when refreshes stall", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
    let computed = 0;
    let hang = false;
    const fresh = keptFresh(1_000, () => (hang ? new Promise<number>(() => {}) : Promise.resolve((computed += 1))));
    expect(await fresh.get()).toBe(1);
    // Within the period: the same answer, nothing asked.
    await vi.advanceTimersByTimeAsync(500);
    expect(await fresh.get()).toBe(1);
    expect(computed).toBe(1);
    // The background refresh asked again; a caller gets its answer without asking.
    await vi.advanceTimersByTimeAsync(600);
    expect(computed).toBe(2);
    expect(await fresh.get()).toBe(2);
    expect(computed).toBe(2);
    // Refreshes that hang: the latest answer serves for three periods, then a caller waits for a fresh one.
    hang = true;
    await vi.advanceTimersByTimeAsync(2_500);
    expect(await fresh.get()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    const waiting = fresh.get();
    let settled = false;
    void waiting.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    fresh.stop();
  });
});
