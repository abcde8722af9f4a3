import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import type { DatabaseUrls } from "../db/roles";
import { cloneDatabase, createMigratedTemplate, dropDatabase } from "../db/template";
import { ensureMessages } from "../lib/messages";

declare module "vitest" {
  export interface ProvidedContext {
    /** The app's role (no DDL, append-only audit trail), as production runs the app. */
    databaseUrl: string;
    /** The role that ran the migrations and owns the tables. */
    migrationDatabaseUrl: string;
    /** The superuser both roles were made with (for tests of the roles themselves, and for databases of a test's own). */
    adminDatabaseUrl: string;
    /** The database migrated once for the run, and its roles: a test's own database is a copy of it (scripts/db/template.ts). */
    templateDatabase: { name: string; roles: DatabaseUrls };
  }
}

let embedded: EmbeddedPostgres | undefined;
const made: { name: string; roles: DatabaseUrls }[] = [];

/**
 * Integration tests get a migrated Postgres: on DATABASE_URL's server when given (a superuser, as
 * CI's), else on a temporary embedded one. A template database is migrated once, by the migration
 * role with the app's role granted its share (scripts/db/roles.ts), as in production; the suite's
 * database is a copy of it, and the tests run as its app's role.
 */
export async function setup(project: TestProject) {
  // The tests read the merged message catalogues (lib/i18n/messages), generated from the features' own.
  ensureMessages();
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres();
    url = embedded.url;
  }
  // Named after the given database, so test runs of other checkouts on the same server keep apart.
  const base = decodeURIComponent(new URL(url).pathname.slice(1)) || "ledgerlane";
  const template = { name: `${base}_template`, roles: await createMigratedTemplate(url, `${base}_template`) };
  made.push(template);
  const suite = `${base}_suite`;
  await dropDatabase(url, suite);
  const { appUrl, migrationUrl } = await cloneDatabase(url, template, suite);
  made.unshift({ name: suite, roles: { appUrl, migrationUrl } });
  project.provide("databaseUrl", appUrl);
  project.provide("migrationDatabaseUrl", migrationUrl);
  project.provide("adminDatabaseUrl", url);
  project.provide("templateDatabase", template);
}

export async function teardown() {
  // Clones first: the template's roles are dropped last.
  if (!embedded)
    for (const database of made) await dropDatabase(process.env.DATABASE_URL!, database.name, database.roles);
  await embedded?.stop();
}
