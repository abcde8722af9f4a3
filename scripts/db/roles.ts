import { createHmac, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import pg from "pg";

// The app's two database roles, in one place (docs/configuration.md, "Database roles"):
// - the migration role owns the schema: it runs the migrations, so it owns every table, trigger
//   and function they make, and pg-boss's schema and queues (job-queues.ts);
// - the app's role (DATABASE_URL) reads and writes rows and nothing more: SELECT and INSERT on the
//   append-only tables, SELECT, INSERT, UPDATE and DELETE on the others. Owning nothing, it cannot
//   disable, drop or replace a trigger or its function, alter or drop a table, or create one; it
//   is no superuser, so `session_replication_role` (which silences triggers) is not its to set.
// Roles belong to the whole Postgres cluster, so their names are the database's: test runs on
// other databases of the same server keep roles of their own.

/** Tables the app may only read and append to; a trigger refuses UPDATE, DELETE and TRUNCATE as well. */
const APPEND_ONLY_TABLES = [
  "audit_entries",
  "audit_chain_links",
  "audit_checkpoints",
  "sealed_months",
  "access_log_entries",
];
/** Schemas whose tables the app uses: its own, and pg-boss's (lib/jobs/boss.ts). */
const APP_SCHEMAS = ["public", "pgboss"];

export interface DatabaseUrls {
  /** The app's role: DATABASE_URL. */
  appUrl: string;
  /** The migration role: MIGRATION_DATABASE_URL. */
  migrationUrl: string;
}

const ident = (name: string) => pg.escapeIdentifier(name);

/** `<database>_owner` and `<database>_app` (`ledgerlane_…` for the database named postgres). */
function roleNames(database: string): { owner: string; app: string } {
  const base = (database === "postgres" ? "ledgerlane" : database.toLowerCase().replace(/[^a-z0-9_]/g, "_")).slice(
    0,
    56,
  );
  return { owner: `${base}_owner`, app: `${base}_app` };
}

function databaseOf(url: URL): string {
  return decodeURIComponent(url.pathname.slice(1)) || "postgres";
}

/**
 * Creates (or brings up to date) the migration role and the app's role of the database that
 * `adminUrl` names, connected as a superuser (or a role with CREATEROLE that may grant on the
 * database), and returns their URLs. Idempotent, and safe to run beside itself.
 *
 * Passwords are derived from the admin's password, so every run on the same server gives the same
 * URLs (processes started by an earlier run keep connecting). An admin URL without a password
 * means the server trusts its clients, where passwords protect nothing: each run sets fresh ones.
 */
export async function ensureDatabaseRoles(adminUrl: string): Promise<DatabaseUrls> {
  const admin = new URL(adminUrl);
  const database = databaseOf(admin);
  const names = roleNames(database);
  const key = admin.password ? decodeURIComponent(admin.password) : randomBytes(32).toString("hex");
  const password = (role: string) =>
    createHmac("sha256", key).update(`ledgerlane role ${role}`).digest("hex").slice(0, 40);

  await inTransaction(adminUrl, "ledgerlane-roles", async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`ledgerlane roles ${names.owner}`]);
    for (const role of [names.owner, names.app]) {
      const { rowCount } = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [role]);
      if (!rowCount) await client.query(`CREATE ROLE ${ident(role)}`);
      await client.query(
        `ALTER ROLE ${ident(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password(role))}`,
      );
    }
    await client.query(`GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${ident(database)} TO ${ident(names.owner)}`);
    await client.query(`GRANT CONNECT ON DATABASE ${ident(database)} TO ${ident(names.app)}`);
    // Before Postgres 15 everyone may create tables in `public`; the app's role must not.
    await client.query("REVOKE CREATE ON SCHEMA public FROM PUBLIC");
    await client.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${ident(names.owner)}`);
    await giveObjectsTo(client, names.owner);
  });

  const urlFor = (role: string) => {
    const url = new URL(adminUrl);
    url.username = encodeURIComponent(role);
    url.password = password(role);
    return url.toString();
  };
  return { appUrl: urlFor(names.app), migrationUrl: urlFor(names.owner) };
}

/**
 * Tables, views, sequences, types and functions in the app's schemas that another role made
 * (migrations run before the migration role existed, as the admin or as the app's former role)
 * become the migration role's, so its next migrations may alter them and the app's role owns
 * nothing. Objects of extensions stay theirs.
 */
async function giveObjectsTo(client: pg.Client, owner: string): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(
    `WITH schemas AS (SELECT oid, nspname FROM pg_namespace WHERE nspname = ANY($1)),
          extension_members AS (SELECT objid FROM pg_depend WHERE deptype = 'e')
     SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, $2::text) AS statement
       FROM schemas s WHERE nspname <> 'public' AND pg_get_userbyid((SELECT nspowner FROM pg_namespace WHERE oid = s.oid)) <> $2
     UNION ALL
     SELECT format('ALTER %s %I.%I OWNER TO %I', CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, s.nspname, c.relname, $2::text)
       FROM pg_class c JOIN schemas s ON s.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND pg_get_userbyid(c.relowner) <> $2
        AND c.oid NOT IN (SELECT objid FROM extension_members)
        -- a sequence owned by a column moves with its table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
     UNION ALL
     SELECT format('ALTER TYPE %I.%I OWNER TO %I', s.nspname, t.typname, $2::text)
       FROM pg_type t JOIN schemas s ON s.oid = t.typnamespace
      WHERE t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> $2 AND t.oid NOT IN (SELECT objid FROM extension_members)
     UNION ALL
     SELECT format('ALTER ROUTINE %I.%I(%s) OWNER TO %I', s.nspname, p.proname, pg_get_function_identity_arguments(p.oid), $2::text)
       FROM pg_proc p JOIN schemas s ON s.oid = p.pronamespace
      WHERE pg_get_userbyid(p.proowner) <> $2 AND p.oid NOT IN (SELECT objid FROM extension_members)`,
    [APP_SCHEMAS, owner],
  );
  for (const { statement } of rows) await client.query(statement);
}

/**
 * What the app's role may do with the tables, as the role that owns them: applied after every
 * migration run (migrate.ts), so the tables a migration adds are covered and the append-only
 * ones stay so. Future tables of the migration role get the read-write default at once (default
 * privileges), until the next run narrows them.
 */
export async function grantAppRole(migrationUrl: string, appRole: string): Promise<void> {
  const app = ident(appRole);
  const schemas = APP_SCHEMAS.map(ident).join(", ");
  await inTransaction(migrationUrl, "ledgerlane-grants", async (client) => {
    // Two runs at once would update the same catalog rows ("tuple concurrently updated").
    await client.query("SELECT pg_advisory_xact_lock(hashtext('ledgerlane grants'))");
    await client.query(`GRANT USAGE ON SCHEMA ${schemas} TO ${app}`);
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schemas} FROM ${app}`);
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemas} TO ${app}`);
    for (const table of APPEND_ONLY_TABLES) await client.query(`REVOKE UPDATE, DELETE ON ${ident(table)} FROM ${app}`);
    // Prisma's record of the migrations is the migration role's to write (readable, so a dump as the app's role works).
    await client.query(`REVOKE INSERT, UPDATE, DELETE ON _prisma_migrations FROM ${app}`);
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schemas} FROM ${app}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schemas} TO ${app}`);
    for (const schema of APP_SCHEMAS) {
      await client.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${ident(schema)} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`,
      );
      await client.query(
        `ALTER DEFAULT PRIVILEGES IN SCHEMA ${ident(schema)} GRANT USAGE, SELECT ON SEQUENCES TO ${app}`,
      );
    }
  });
}

/** The role a connection URL names ("" when it names none: then the client's default applies). */
/** `work` in one transaction on a connection of its own: committed whole or rolled back. */
async function inTransaction(
  url: string,
  applicationName: string,
  work: (client: pg.Client) => Promise<void>,
): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  try {
    await client.query("BEGIN");
    await work(client);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

/**
 * `npm start` with a superuser URL in DATABASE_ADMIN_URL (the embedded server's, or one given, as
 * the browser tests give CI's): makes both roles on it and points DATABASE_URL and
 * MIGRATION_DATABASE_URL at them.
 */
export async function setUpDatabaseRoles(env: NodeJS.ProcessEnv): Promise<void> {
  if (!env.DATABASE_ADMIN_URL) return;
  const { appUrl, migrationUrl } = await ensureDatabaseRoles(env.DATABASE_ADMIN_URL);
  env.DATABASE_URL = appUrl;
  env.MIGRATION_DATABASE_URL = migrationUrl;
}

/** The app process's environment: without the URLs of roles that may change the schema. */
export function withoutSchemaRoles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const appEnv = { ...env };
  delete appEnv.DATABASE_ADMIN_URL;
  delete appEnv.MIGRATION_DATABASE_URL;
  return appEnv;
}

// `npm run db:roles`: creates or updates both roles of DATABASE_ADMIN_URL's database and prints
// the two URLs to configure (docs/configuration.md, "Database roles"). Its output holds passwords: it is meant
// for the person setting up the server, not for a log.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const adminUrl = process.env.DATABASE_ADMIN_URL;
  if (!adminUrl) {
    console.error("db:roles needs DATABASE_ADMIN_URL: a superuser's postgresql:// URL of the app's database.");
    process.exit(1);
  }
  const { appUrl, migrationUrl } = await ensureDatabaseRoles(adminUrl);
  console.log(`DATABASE_URL=${appUrl}\nMIGRATION_DATABASE_URL=${migrationUrl}`);
}
