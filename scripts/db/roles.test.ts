import { randomUUID } from "node:crypto";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { recordAudit } from "@/lib/audit/server/record";
import { ACCOUNTING_QUEUES } from "@/features/accounting/queues";
import { testDb } from "@/scripts/test/db";
import { migrateDatabase } from "./migrate";
import { ensureDatabaseRoles, grantAppRole, roleOf } from "./roles";

// The suite's database as production has it (global-setup.ts): the tests run as the app's role
// (DATABASE_URL), the migrations ran as the migration role. Everything the app's role could once
// do to the append-only audit trail, or to the tables, is refused by Postgres; what the app does
// every day still works.

const appUrl = inject("databaseUrl");
const migrationUrl = inject("migrationDatabaseUrl");
let app: pg.Client;
const db = testDb();

beforeAll(async () => {
  app = new pg.Client({ connectionString: appUrl });
  await app.connect();
});
afterAll(async () => {
  await app.end();
  await db.$disconnect();
});

/** Runs `sql` as the app's role inside a transaction that is always rolled back, whatever it did. */
async function asApp(sql: string): Promise<void> {
  await app.query("BEGIN");
  try {
    await app.query(sql);
  } finally {
    await app.query("ROLLBACK");
  }
}

const REFUSED = /permission denied|must be owner/;
const BYPASSES = [
  "ALTER TABLE audit_entries DISABLE TRIGGER audit_entries_append_only",
  "ALTER TABLE audit_entries DISABLE TRIGGER ALL",
  "SET session_replication_role = replica",
  "DROP TRIGGER audit_entries_append_only ON audit_entries",
  "CREATE OR REPLACE FUNCTION ledgerlane_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
  "CREATE TRIGGER bypass BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION ledgerlane_notify_user_changed('id')",
  "UPDATE audit_entries SET kind = kind",
  "DELETE FROM audit_entries",
  "TRUNCATE audit_entries",
  // The sealed months are append-only the same way (features/month-close/sealing).
  "UPDATE sealed_months SET hash = hash",
  "DELETE FROM sealed_months",
  "TRUNCATE sealed_months",
  "ALTER TABLE sealed_months DISABLE TRIGGER sealed_months_append_only",
  "DROP TABLE audit_entries",
  "DROP TABLE workspaces CASCADE",
  "ALTER TABLE workspaces ADD COLUMN bypass integer",
  "ALTER TABLE users DISABLE TRIGGER users_notify_user_changed",
  "CREATE TABLE bypass (id integer)",
  "DROP SCHEMA pgboss CASCADE",
  "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at) VALUES ('x', 'x', 'x', now())",
];

describe("the app's database role", () => {
  it("is no superuser and owns none of the app's tables", async () => {
    const { rows } = await app.query<{ superuser: boolean; owned: number; user: string }>(
      `SELECT rolsuper AS superuser, current_user AS user,
              (SELECT count(*)::int FROM pg_tables WHERE tableowner = current_user AND schemaname IN ('public', 'pgboss')) AS owned
         FROM pg_roles WHERE rolname = current_user`,
    );
    expect(rows[0]).toEqual({ superuser: false, owned: 0, user: roleOf(appUrl) });
    expect(roleOf(migrationUrl)).not.toBe(roleOf(appUrl));
  });

  it.each(BYPASSES)("is refused: %s", async (sql) => {
    const refusal = await asApp(sql).then(
      () => null,
      (error: { code?: string; message: string }) => error,
    );
    expect(refusal, `${sql} was allowed`).not.toBeNull();
    expect(refusal!.message).toMatch(REFUSED);
    expect(refusal!.code).toBe("42501");
  });

  it("still records and reads the audit trail, and the tables' notification triggers still notify", async () => {
    const user = await db.user.create({
      data: { accountingUserId: `roles:${randomUUID()}`, displayName: "Rosa Roles" },
    });
    const workspace = await db.workspace.create({
      data: { name: "Roles firm", members: { create: { userId: user.id, roles: ["owner"] } } },
    });
    await db.$transaction((tx) =>
      recordAudit(
        tx,
        { workspaceId: workspace.id, userId: user.id, name: "Rosa Roles" },
        { kind: "member.joined", subjectId: user.id, details: { roles: ["owner"] } },
      ),
    );
    expect(await db.auditEntry.findMany({ where: { workspaceId: workspace.id } })).toMatchObject([
      { kind: "member.joined", actorId: user.id, actorName: null },
    ]);

    // The session cache hears a trigger's pg_notify, the draft hub its own NOTIFY: both as the app's role.
    const listener = new pg.Client({ connectionString: appUrl });
    await listener.connect();
    try {
      const heard: Record<string, string[]> = {};
      const bothHeard = new Promise<void>((resolve) => {
        listener.on("notification", ({ channel, payload }) => {
          (heard[channel] ??= []).push(payload ?? "");
          if (
            heard.ledgerlane_user_changed?.includes(user.id) &&
            heard.ledgerlane_draft_changed?.includes(workspace.id)
          )
            resolve();
        });
      });
      await listener.query("LISTEN ledgerlane_user_changed");
      await listener.query("LISTEN ledgerlane_draft_changed");
      await db.user.update({ where: { id: user.id }, data: { displayName: "Rosa R." } });
      await app.query("SELECT pg_notify('ledgerlane_draft_changed', $1)", [workspace.id]);
      await bothHeard;
    } finally {
      await listener.end();
    }
  });

  it("works the job queues the migration made, and cannot make one", async () => {
    const boss = new PgBoss({
      connectionString: appUrl,
      schema: "pgboss",
      migrate: false,
      supervise: false,
      schedule: false,
      max: 1,
    });
    boss.on("error", () => {});
    await boss.start();
    try {
      const id = await boss.send(ACCOUNTING_QUEUES.keepAlive, { test: "roles" }, { priority: 1_000 });
      const [job] = await boss.fetch(ACCOUNTING_QUEUES.keepAlive);
      expect(job?.id).toBe(id);
      await boss.complete(ACCOUNTING_QUEUES.keepAlive, id!);
      expect(await boss.getJobById(ACCOUNTING_QUEUES.keepAlive, id!)).toMatchObject({ state: "completed" });
      await boss.schedule(ACCOUNTING_QUEUES.keepAlive, "17 * * * *");
      await boss.createQueue(ACCOUNTING_QUEUES.keepAlive); // made already: nothing to do
      await expect(boss.createQueue(`roles-test-${randomUUID()}`)).rejects.toThrow(
        /permission denied for schema pgboss/,
      );
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it("leaves the trigger as the second wall: the table's owner cannot change or remove entries either", async () => {
    const owner = new pg.Client({ connectionString: migrationUrl });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ id: string }>("SELECT id FROM audit_entries LIMIT 1");
      expect(rows).toHaveLength(1);
      for (const [operation, sql] of [
        ["UPDATE", "UPDATE audit_entries SET kind = kind WHERE id = $1"],
        ["DELETE", "DELETE FROM audit_entries WHERE id = $1"],
        ["TRUNCATE", "TRUNCATE audit_entries"],
      ] as const) {
        await expect(owner.query(sql, operation === "TRUNCATE" ? [] : [rows[0]!.id])).rejects.toThrow(
          `append-only: ${operation}`,
        );
      }
    } finally {
      await owner.end();
    }
  });

  it("may use a table a later migration adds, while the grants run after it keep the trail append-only", async () => {
    const table = `roles_test_${randomUUID().replaceAll("-", "")}`;
    const owner = new pg.Client({ connectionString: migrationUrl });
    await owner.connect();
    try {
      await owner.query(`CREATE TABLE ${table} (id integer)`);
      await app.query(`INSERT INTO ${table} VALUES (1)`);
      await app.query(`UPDATE ${table} SET id = 2`);
      await grantAppRole(migrationUrl, roleOf(appUrl));
      await app.query(`DELETE FROM ${table}`);
      await expect(asApp("DELETE FROM audit_entries")).rejects.toThrow(/permission denied for table audit_entries/);
      await expect(asApp(`DROP TABLE ${table}`)).rejects.toThrow(REFUSED);
    } finally {
      await owner.query(`DROP TABLE IF EXISTS ${table}`);
      await owner.end();
    }
  });
});

describe("making the roles of a database migrated before they existed", () => {
  it("hands every table, type and function to the owner role, and leaves the app's role only rows", async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const name = `ledgerlane_roles_test_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${name}`;
    let roles: { appUrl: string; migrationUrl: string } | undefined;
    try {
      await migrateDatabase(databaseUrl.toString()); // as the superuser, as before the roles
      const first = await ensureDatabaseRoles(databaseUrl.toString());
      roles = await ensureDatabaseRoles(databaseUrl.toString()); // again: the same roles, nothing refused
      expect([roleOf(roles.appUrl), roleOf(roles.migrationUrl)]).toEqual([
        roleOf(first.appUrl),
        roleOf(first.migrationUrl),
      ]);
      expect(roleOf(roles.appUrl)).toBe(`${name}_app`);
      await migrateDatabase(roles.migrationUrl, { appRole: roleOf(roles.appUrl) });

      const owners = new pg.Client({ connectionString: databaseUrl.toString() });
      await owners.connect();
      const { rows } = await owners.query<{ owner: string }>(
        `SELECT DISTINCT owner FROM (
           SELECT tableowner AS owner FROM pg_tables WHERE schemaname IN ('public', 'pgboss')
           UNION ALL SELECT pg_get_userbyid(typowner) FROM pg_type WHERE typtype = 'e' AND typnamespace = 'public'::regnamespace
           UNION ALL SELECT pg_get_userbyid(proowner) FROM pg_proc WHERE pronamespace IN ('public'::regnamespace, 'pgboss'::regnamespace)
         ) AS objects`,
      );
      await owners.end();
      expect(rows).toEqual([{ owner: roleOf(roles.migrationUrl) }]);

      const appClient = new pg.Client({ connectionString: roles.appUrl });
      await appClient.connect();
      try {
        await expect(appClient.query("ALTER TABLE audit_entries DISABLE TRIGGER ALL")).rejects.toThrow(REFUSED);
        await expect(appClient.query("SELECT count(*) FROM audit_entries")).resolves.toMatchObject({ rowCount: 1 });
      } finally {
        await appClient.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      if (roles)
        for (const url of [roles.appUrl, roles.migrationUrl])
          await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(roleOf(url))}`);
      await admin.end();
    }
  });
});
