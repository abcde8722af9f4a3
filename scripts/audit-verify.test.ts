import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { ownDatabase } from "@/features/mail/server/testing/own-database";
import { chainTestEnv } from "@/lib/audit/chain/testing/chain-env";

// `npm run audit:verify`: a line per workspace, exit 0 when intact, 1 with the first bad entry named.

const ROOT = path.resolve(import.meta.dirname, "..");
const database = await ownDatabase();
afterAll(() => database.drop());

function run(): { code: number | null; output: string } {
  const result = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/audit-verify.ts"],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...chainTestEnv(database.urls.appUrl),
      } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  return { code: result.status, output: result.stdout + result.stderr };
}

describe("npm run audit:verify", () => {
  it("says intact (exit 0), then names the changed entry (exit 1)", { timeout: 150_000 }, async () => {
    const owner = new pg.Client({ connectionString: database.urls.migrationUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query(
        `INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), 'CLI firm') RETURNING id::text AS id`,
      );
      const workspaceId: string = rows[0].id;
      for (let index = 0; index < 3; index += 1)
        await owner.query(
          `INSERT INTO audit_entries (workspace_id, kind, details) VALUES ($1, 'workspace.renamed', $2)`,
          [workspaceId, { from: `a${index}`, to: `b${index}` }],
        );
      const intact = run();
      expect(intact.output).toContain(`${workspaceId}: intact, 3 entries checked`);
      expect(intact.code).toBe(0);

      const { rows: second } = await owner.query(
        "SELECT entry_id::text AS id FROM audit_chain_links WHERE workspace_id = $1 AND seq = 2",
        [workspaceId],
      );
      await owner.query("BEGIN");
      await owner.query("ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only");
      await owner.query(`UPDATE audit_entries SET details = '{"from":"x"}' WHERE id = $1`, [second[0].id]);
      await owner.query("ALTER TABLE audit_entries ENABLE TRIGGER audit_entries_append_only");
      await owner.query("COMMIT");
      const broken = run();
      expect(broken.output).toContain(
        `${workspaceId}: NOT intact, first bad entry at position 2: changed (entry ${second[0].id}`,
      );
      expect(broken.code).toBe(1);
    } finally {
      await owner.end();
    }
  });
});
