import { pathToFileURL } from "node:url";
import { openSchemaEngine, readMigrations, NO_FILTERS } from "./schema-engine";

/** Applies every migration of prisma/migrations not yet recorded in `_prisma_migrations`. */
export async function migrateDatabase(connectionString: string): Promise<string[]> {
  const handle = await openSchemaEngine(connectionString);
  try {
    const { appliedMigrationNames } = await handle.engine.applyMigrations({
      migrationsList: await readMigrations(),
      filters: NO_FILTERS,
    });
    return appliedMigrationNames;
  } finally {
    handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { loadLocalEnv } = await import("../env/local-env");
  loadLocalEnv();
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("db:migrate needs DATABASE_URL (npm start migrates its embedded database itself).");
    process.exit(1);
  }
  const applied = await migrateDatabase(url);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
}
