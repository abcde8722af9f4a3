import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/scripts/db/migrate";
import { databaseBefore } from "@/scripts/test/database-before";

const WORKSPACES_MIGRATION = "20261124013519_workspaces";

let database: Awaited<ReturnType<typeof databaseBefore>>;
let client: pg.Client;

/** A throw-away database holding the schema as it was before workspaces, with data in it. */
beforeAll(async () => {
  database = await databaseBefore(WORKSPACES_MIGRATION);
  client = database.client;
});
afterAll(async () => {
  await database?.stop();
});

describe("the workspaces migration", () => {
  it("gives everyone known before it a personal workspace they own, and keeps their data", async () => {
    await client.query(`INSERT INTO users (id, accounting_user_id, display_name, email, updated_at) VALUES
      ('00000000-0000-4000-8000-000000000001', 'a', 'Anna Berg', 'anna@example.com', now()),
      ('00000000-0000-4000-8000-000000000002', 'b', NULL, 'ben@example.com', now()),
      ('00000000-0000-4000-8000-000000000003', 'v3:c', NULL, NULL, now())`);
    await client.query(
      `INSERT INTO sessions (id, user_id, expires_at) VALUES ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', now() + interval '1 day')`,
    );
    await client.query(`INSERT INTO payroll_connections (id, user_id, base_url, api_key_encrypted, username, updated_at)
      VALUES ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000002', 'http://payroll', 'sealed', 'ben', now())`);
    const tablesBefore = await counts();

    await migrateDatabase(database.url);

    const { rows } = await client.query<{
      user_id: string;
      name: string;
      personal_user_id: string;
      roles: string;
      active_workspace_id: string | null;
    }>(`
      SELECT m.user_id, w.name, w.personal_user_id, m.roles::text AS roles, u.active_workspace_id
      FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id JOIN users u ON u.id = m.user_id ORDER BY m.user_id`);
    expect(rows).toEqual([
      {
        user_id: "00000000-0000-4000-8000-000000000001",
        name: "Anna Berg",
        personal_user_id: "00000000-0000-4000-8000-000000000001",
        roles: "{owner}",
        active_workspace_id: null,
      },
      {
        user_id: "00000000-0000-4000-8000-000000000002",
        name: "ben@example.com",
        personal_user_id: "00000000-0000-4000-8000-000000000002",
        roles: "{owner}",
        active_workspace_id: null,
      },
      {
        user_id: "00000000-0000-4000-8000-000000000003",
        name: "Personal workspace",
        personal_user_id: "00000000-0000-4000-8000-000000000003",
        roles: "{owner}",
        active_workspace_id: null,
      },
    ]);
    expect(await counts()).toEqual(tablesBefore);
    // Roles are never empty.
    await expect(client.query(`UPDATE workspace_members SET roles = '{}'`)).rejects.toThrow(/roles_not_empty/);
  });
});

async function counts() {
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM sessions)::int AS sessions, (SELECT count(*) FROM payroll_connections)::int AS payroll`,
  );
  return rows[0] as unknown;
}
