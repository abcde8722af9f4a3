import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded-postgres";

let embedded: EmbeddedPostgres;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres();
});
afterAll(() => embedded.stop());

describe("embedded Postgres", () => {
  it("keeps concurrent parameterized queries of many connections apart", async () => {
    const pools = [new pg.Pool({ connectionString: embedded.url, max: 8 }), new pg.Pool({ connectionString: embedded.url, max: 8 })];
    try {
      const queries = Array.from({ length: 400 }, (_, i) => {
        const pool = pools[i % 2]!;
        return i % 3 === 0
          ? pool.query("SELECT $1::int + $2::int + $3::int AS n", [i, 1, 1]).then((r) => Number(r.rows[0].n) - 2)
          : pool.query("SELECT $1::int AS n", [i]).then((r) => Number(r.rows[0].n));
      });
      expect(await Promise.all(queries)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("keeps transactions of concurrent connections apart", async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 6 });
    try {
      await pool.query("CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)");
      await pool.query("INSERT INTO counters VALUES (1, 0)");
      await Promise.all(
        Array.from({ length: 30 }, async () => {
          const client = await pool.connect();
          try {
            await client.query("BEGIN");
            const { rows } = await client.query("SELECT n FROM counters WHERE id = $1 FOR UPDATE", [1]);
            await client.query("UPDATE counters SET n = $1 WHERE id = $2", [Number(rows[0].n) + 1, 1]);
            await client.query("COMMIT");
          } finally {
            client.release();
          }
        }),
      );
      const { rows } = await pool.query("SELECT n FROM counters WHERE id = 1");
      expect(Number(rows[0].n)).toBe(30);
    } finally {
      await pool.end();
    }
  });

  it("answers after a failed statement instead of stalling", async () => {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    try {
      await expect(pool.query("SELECT $1::int", ["not a number"])).rejects.toThrow();
      expect((await pool.query("SELECT 1 AS one")).rows[0].one).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
