import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import { migrateDatabase } from "../db/migrate";
import { ensureDatabaseRoles, roleOf } from "../db/roles";

declare module "vitest" {
  export interface ProvidedContext {
    /** The app's role (no DDL, append-only audit trail), as production runs the app. */
    databaseUrl: string;
    /** The role that ran the migrations and owns the tables. */
    migrationDatabaseUrl: string;
    /** The superuser both roles were made with (for tests of the roles themselves). */
    adminDatabaseUrl: string;
  }
}

let embedded: EmbeddedPostgres | undefined;

/**
 * Integration tests get a migrated Postgres: DATABASE_URL when given (a superuser, as CI's),
 * else a temporary embedded one. On it, the migration role migrates and the tests run as the
 * app's role (scripts/db/roles.ts), as in production.
 */
export async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres();
    url = embedded.url;
  }
  const { appUrl, migrationUrl } = await ensureDatabaseRoles(url);
  await migrateDatabase(migrationUrl, { appRole: roleOf(appUrl) });
  project.provide("databaseUrl", appUrl);
  project.provide("migrationDatabaseUrl", migrationUrl);
  project.provide("adminDatabaseUrl", url);
}

export async function teardown() {
  await embedded?.stop();
}
