import { describe, expect, it } from "vitest";
import { databaseBefore } from "@/scripts/test/database-before";
import { migrateDatabase } from "@/scripts/db/migrate";
import { entryHash, GENESIS_HASH } from "./canonical";
import { chainEntryOf, ENTRY_COLUMNS } from "./server/rows";

// The chain's migration links every entry written before it, per workspace in `occurred_at, id`
// order, by the migration runner's step after the migrations (scripts/db/migrate.ts); run again, it adds nothing.

describe("the audit chain's migration", () => {
  it("chains the existing entries in occurred_at, id order, once", { timeout: 180_000 }, async () => {
    const before = await databaseBefore("20261129050346_audit_chain");
    try {
      const { client, url } = before;
      const { rows } = await client.query(
        `INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), 'Old firm') RETURNING id::text AS id`,
      );
      const workspaceId: string = rows[0].id;
      // Out of order on purpose: the same instant twice (then the id decides), and an older one last.
      for (const [id, at] of [
        ["00000000-0000-4000-8000-000000000002", "2026-11-02 10:00:00.5"],
        ["00000000-0000-4000-8000-000000000001", "2026-11-02 10:00:00.5"],
        ["00000000-0000-4000-8000-000000000003", "2026-11-01 09:00:00"],
      ])
        await client.query(
          `INSERT INTO audit_entries (id, workspace_id, kind, occurred_at, actor_name, details) VALUES ($1, $2, 'workspace.renamed', $3, 'Olga', '{"from":"a","to":"b","n":1.5}')`,
          [id, workspaceId, at],
        );
      await migrateDatabase(url);
      await migrateDatabase(url);
      const { rows: links } = await client.query(
        `SELECT l.seq::int AS seq, l.prev_hash, l.hash, ${ENTRY_COLUMNS.sql} FROM audit_chain_links l JOIN audit_entries e ON e.id = l.entry_id
         WHERE l.workspace_id = $1 ORDER BY l.seq`,
        [workspaceId],
      );
      expect(links.map((link) => [link.seq, link.id])).toEqual([
        [1, "00000000-0000-4000-8000-000000000003"],
        [2, "00000000-0000-4000-8000-000000000001"],
        [3, "00000000-0000-4000-8000-000000000002"],
      ]);
      let prev = GENESIS_HASH;
      for (const link of links) {
        expect(link.prev_hash).toBe(prev);
        expect(link.hash).toBe(entryHash(chainEntryOf(link), prev));
        prev = link.hash;
      }
      expect((await client.query("SELECT count(*)::int AS n FROM audit_chain_pending")).rows[0].n).toBe(0);
    } finally {
      await before.stop();
    }
  });
});
