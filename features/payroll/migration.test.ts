import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/scripts/db/migrate";
import { databaseBefore } from "@/scripts/test/database-before";

const MIGRATION = "20261124020923_payroll_in_workspaces";

let database: Awaited<ReturnType<typeof databaseBefore>>;
let client: pg.Client;

/** A throw-away database holding the schema as it was before payroll moved into workspaces, with data in it. */
beforeAll(async () => {
  database = await databaseBefore(MIGRATION);
  client = database.client;
});
afterAll(async () => {
  await database?.stop();
});

const ANNA = "00000000-0000-4000-8000-000000000001";
const BEN = "00000000-0000-4000-8000-000000000002";
const CARLA = "00000000-0000-4000-8000-000000000003";
const ANNA_WS = "00000000-0000-4000-8000-0000000000f1";
const BEN_WS = "00000000-0000-4000-8000-0000000000f2";
const FIRM_WS = "00000000-0000-4000-8000-0000000000f3";
const ANNA_CONN = "00000000-0000-4000-8000-0000000000b1";
const BEN_CONN = "00000000-0000-4000-8000-0000000000b2";
const CARLA_CONN = "00000000-0000-4000-8000-0000000000b3";
const IMPORT = "00000000-0000-4000-8000-0000000000c1";

describe("the payroll-in-workspaces migration", () => {
  it("moves every payroll connection with all it holds into its owner's personal workspace, nothing lost", async () => {
    await client.query(`INSERT INTO users (id, accounting_user_id, display_name, email, updated_at) VALUES
      ('${ANNA}', 'a', 'Anna Berg', 'anna@example.com', now()),
      ('${BEN}', 'b', NULL, 'ben@example.com', now()),
      ('${CARLA}', 'c', 'Carla', NULL, now())`);
    // Anna and Ben have their personal workspaces (Ben is also in a firm); Carla left hers (it became a firm's).
    await client.query(`INSERT INTO workspaces (id, name, personal_user_id) VALUES
      ('${ANNA_WS}', 'Anna Berg', '${ANNA}'), ('${BEN_WS}', 'ben@example.com', '${BEN}'), ('${FIRM_WS}', 'Firm', NULL)`);
    await client.query(`INSERT INTO workspace_members (workspace_id, user_id, roles) VALUES
      ('${ANNA_WS}', '${ANNA}', '{owner}'), ('${BEN_WS}', '${BEN}', '{owner}'), ('${FIRM_WS}', '${BEN}', '{clerk}'), ('${FIRM_WS}', '${CARLA}', '{owner}')`);
    await client.query(`INSERT INTO payroll_connections (id, user_id, base_url, api_key_encrypted, username, updated_at, disconnected_at) VALUES
      ('${ANNA_CONN}', '${ANNA}', 'http://payroll', 'sealed-a', 'Sabine', now(), NULL),
      ('${BEN_CONN}', '${BEN}', 'http://payroll', NULL, 'Thomas', now(), now()),
      ('${CARLA_CONN}', '${CARLA}', 'http://payroll', 'sealed-c', 'Sabine', now(), NULL)`);
    await client.query(`INSERT INTO payroll_companies (id, connection_id, company_id, name1, name2, address, current_month) VALUES
      (gen_random_uuid(), '${ANNA_CONN}', 1001, 'Bäckerei', '', '{}', '2026-11'), (gen_random_uuid(), '${BEN_CONN}', 2001, 'Logistik', '', '{}', '2026-11')`);
    await client.query(
      `INSERT INTO payroll_employee_drafts (connection_id, company_id, data, updated_at) VALUES ('${ANNA_CONN}', 1001, '{"first_name":"Kept"}', now())`,
    );
    await client.query(
      `INSERT INTO payroll_entry_drafts (connection_id, company_id, period, kind, updated_at) VALUES ('${BEN_CONN}', 2001, '2026-11', 'hours', now())`,
    );
    await client.query(
      `INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, values) VALUES ('${BEN_CONN}', 2001, '2026-11', 'hours', 'l1', 0, 1, '{"hours":"8"}')`,
    );
    await client.query(
      `INSERT INTO payroll_imports (id, connection_id, company_id, total, updated_at) VALUES ('${IMPORT}', '${ANNA_CONN}', 1001, 1, now())`,
    );
    await client.query(
      `INSERT INTO payroll_import_rows (import_id, row_number, employee_id, payload) VALUES ('${IMPORT}', 1, 7, '{}')`,
    );
    await client.query(`INSERT INTO payroll_entry_transfers (id, connection_id, company_id, period, kind, user_id, user_name, outcome, lines, line_count, total_cents) VALUES
      (gen_random_uuid(), '${BEN_CONN}', 2001, '2026-11', 'hours', '${BEN}', 'Ben', 'succeeded', '[]', 0, '0')`);
    const before = await counts();

    await migrateDatabase(database.url);

    const { rows } = await client.query<{
      id: string;
      created_by_id: string;
      workspace_id: string;
      personal_user_id: string | null;
      api_key_encrypted: string | null;
    }>(`
      SELECT c.id, c.created_by_id, c.workspace_id, w.personal_user_id, c.api_key_encrypted
      FROM payroll_connections c JOIN workspaces w ON w.id = c.workspace_id ORDER BY c.id`);
    expect(
      rows.map(({ id, created_by_id, workspace_id, api_key_encrypted }) => ({
        id,
        created_by_id,
        workspace_id,
        api_key_encrypted,
      })),
    ).toEqual([
      { id: ANNA_CONN, created_by_id: ANNA, workspace_id: ANNA_WS, api_key_encrypted: "sealed-a" },
      { id: BEN_CONN, created_by_id: BEN, workspace_id: BEN_WS, api_key_encrypted: null },
      { id: CARLA_CONN, created_by_id: CARLA, workspace_id: expect.any(String), api_key_encrypted: "sealed-c" },
    ]);
    // Carla's connection went into a new personal workspace of hers, which she owns.
    expect(rows[2]!.personal_user_id).toBe(CARLA);
    const carla = await client.query(
      `SELECT roles::text AS roles FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
      [rows[2]!.workspace_id, CARLA],
    );
    expect(carla.rows).toEqual([{ roles: "{owner}" }]);
    expect(await counts()).toEqual(before);
    // Several connections per workspace now, but a customer once per workspace.
    await client.query(
      `INSERT INTO payroll_connections (id, workspace_id, base_url, username, updated_at) VALUES (gen_random_uuid(), '${ANNA_WS}', 'http://payroll', 'Thomas', now())`,
    );
    await expect(
      client.query(
        `INSERT INTO payroll_connections (id, workspace_id, base_url, username, updated_at) VALUES (gen_random_uuid(), '${ANNA_WS}', 'http://payroll', 'Sabine', now())`,
      ),
    ).rejects.toThrow(/unique/);
  });
});

async function counts() {
  const { rows } = await client.query(`SELECT
    (SELECT count(*) FROM users)::int AS users,
    (SELECT count(*) FROM payroll_connections)::int AS connections,
    (SELECT count(*) FROM payroll_companies)::int AS companies,
    (SELECT count(*) FROM payroll_employee_drafts)::int AS employee_drafts,
    (SELECT count(*) FROM payroll_entry_drafts)::int AS entry_drafts,
    (SELECT count(*) FROM payroll_entry_draft_lines)::int AS lines,
    (SELECT count(*) FROM payroll_imports)::int AS imports,
    (SELECT count(*) FROM payroll_import_rows)::int AS import_rows,
    (SELECT count(*) FROM payroll_entry_transfers)::int AS transfers`);
  return rows[0] as unknown;
}
