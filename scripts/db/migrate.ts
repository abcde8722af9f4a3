import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { installJobQueues } from "./job-queues";
import { grantAppRole, roleOf, setUpDatabaseRoles } from "./roles";
import { openSchemaEngine, readMigrations, NO_FILTERS } from "./schema-engine";
import { sealExistingMonths } from "./seal-existing-months";

/**
 * Applies every migration of prisma/migrations not yet recorded in `_prisma_migrations`, then
 * creates or upgrades pg-boss's schema and queues (job-queues.ts) and seals the months approved
 * before sealing existed (seal-existing-months.ts), all as the role of
 * `connectionString`, which owns what it makes. With `appRole`, that role is then granted what
 * the app may do with it (roles.ts `grantAppRole`).
 */
export async function migrateDatabase(connectionString: string, options: { appRole?: string } = {}): Promise<string[]> {
  const handle = await openSchemaEngine(connectionString);
  let applied: string[];
  try {
    ({ appliedMigrationNames: applied } = await handle.engine.applyMigrations({
      migrationsList: await readMigrations(),
      filters: NO_FILTERS,
    }));
  } finally {
    await handle.close();
  }
  await installJobQueues(connectionString);
  // Needs the app's canonical form, which SQL cannot write: after the SQL migrations (seal-existing-months.ts).
  await sealExistingMonths(connectionString);
  // Then the chain takes in every entry not yet in it, those of the sealing above included.
  await chainAuditTrail(connectionString);
  if (options.appRole) await grantAppRole(connectionString, options.appRole);
  return applied;
}

/**
 * Chains the audit entries still waiting for the chain (those written before its migration, or
 * while no worker ran): in a process of its own (./chain-audit.ts), only when there are any.
 */
async function chainAuditTrail(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  let waiting: boolean;
  try {
    const { rows } = await client.query<{ waiting: boolean }>(
      "SELECT to_regclass('audit_chain_pending') IS NOT NULL AND EXISTS (SELECT 1 FROM audit_chain_pending) AS waiting",
    );
    waiting = rows[0]!.waiting;
  } catch {
    waiting = false;
  } finally {
    await client.end();
  }
  if (!waiting) return;
  execFileSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      path.join(import.meta.dirname, "chain-audit.ts"),
      connectionString,
    ],
    { stdio: "inherit", env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" } },
  );
}

/**
 * `npm start` and `npm run db:migrate`: migrates as MIGRATION_DATABASE_URL's role and grants
 * DATABASE_URL's role the app's share. Without MIGRATION_DATABASE_URL the app's own role migrates
 * and so owns the tables, which lets it switch the audit trail's protection off: said as a warning.
 */
export async function migrateForApp(env: { DATABASE_URL: string; MIGRATION_DATABASE_URL?: string }): Promise<string[]> {
  const migrationUrl = env.MIGRATION_DATABASE_URL;
  const appRole = roleOf(env.DATABASE_URL);
  if (!migrationUrl || !appRole || roleOf(migrationUrl) === appRole) {
    console.warn(
      "Warning: MIGRATION_DATABASE_URL is not set (or names DATABASE_URL's role): the app's role runs the migrations and owns the tables, so it could switch off the audit trail's protection. See docs/configuration.md, \"Database roles\".",
    );
    return migrateDatabase(migrationUrl ?? env.DATABASE_URL);
  }
  return migrateDatabase(migrationUrl, { appRole });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { loadLocalEnv } = await import("../env/local-env");
  loadLocalEnv();
  await setUpDatabaseRoles(process.env);
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "db:migrate needs DATABASE_URL (and MIGRATION_DATABASE_URL), or DATABASE_ADMIN_URL; npm start migrates its embedded database itself.",
    );
    process.exit(1);
  }
  const applied = await migrateForApp({
    DATABASE_URL: url,
    MIGRATION_DATABASE_URL: process.env.MIGRATION_DATABASE_URL || undefined,
  });
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
}
