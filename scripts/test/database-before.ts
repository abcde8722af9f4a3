import pg from "pg";
import { startEmbeddedPostgres } from "../db/embedded-postgres";
import { NO_FILTERS, openSchemaEngine, readMigrations } from "../db/schema-engine";

/**
 * For a migration's test: a throw-away embedded database holding the schema as it was before
 * `migration` (every earlier migration applied), and a client connected to it. `stop` ends both.
 */
export async function databaseBefore(migration: string): Promise<{ url: string; client: pg.Client; stop: () => Promise<void> }> {
  const embedded = await startEmbeddedPostgres();
  const list = await readMigrations();
  const handle = await openSchemaEngine(embedded.url);
  try {
    const before = list.migrationDirectories.filter((directory) => directory.path < migration);
    await handle.engine.applyMigrations({ migrationsList: { ...list, migrationDirectories: before }, filters: NO_FILTERS });
  } finally {
    handle.close();
  }
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  return {
    url: embedded.url,
    client,
    stop: async () => {
      await client.end();
      await embedded.stop();
    },
  };
}
