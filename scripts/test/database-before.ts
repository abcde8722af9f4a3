import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { NO_FILTERS, openSchemaEngine, readMigrations } from "../db/schema-engine";
import { databaseUrl, dropDatabase } from "../db/template";

/**
 * For a migration's test: a throw-away database on the suite's server (global-setup.ts) holding
 * the schema as it was before `migration` (every earlier migration applied, as the superuser), and
 * a client connected to it. `stop` ends both.
 */
export async function databaseBefore(
  migration: string,
): Promise<{ url: string; client: pg.Client; stop: () => Promise<void> }> {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `${new URL(adminUrl).pathname.slice(1) || "ledgerlane"}_before_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = databaseUrl(adminUrl, name);
  const list = await readMigrations();
  const handle = await openSchemaEngine(url);
  try {
    const before = list.migrationDirectories.filter((directory) => directory.path < migration);
    await handle.engine.applyMigrations({
      migrationsList: { ...list, migrationDirectories: before },
      filters: NO_FILTERS,
    });
  } finally {
    await handle.close();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    url,
    client,
    stop: async () => {
      await client.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
