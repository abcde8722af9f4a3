import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { migrateDatabase } from "./migrate";
import { MIGRATIONS_DIR, lastEnginePanic } from "./schema-engine";
import { diffDatabaseToSchema } from "./schema-drift";

// `npm run db:diff -- <name>`: replays the existing migrations on a throw-away
// embedded database and writes the SQL that brings it to the schema as the next
// migration, in Prisma's folder layout.

const name = process.argv[2]
  ?.trim()
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "_");
if (!name) {
  console.error("Usage: npm run db:diff -- <migration_name>");
  process.exit(1);
}

const scratch = await startEmbeddedPostgres();
try {
  if (process.env.DEBUG_PANIC) process.on("exit", () => console.error(lastEnginePanic()));
  await migrateDatabase(scratch.url);
  const sql = await diffDatabaseToSchema(scratch.url);
  if (!sql.trim()) {
    console.log("The schema matches the migrations: nothing to write.");
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), sql);
    console.log(`Wrote ${path.relative(process.cwd(), dir)}/migration.sql`);
  }
} finally {
  await scratch.stop();
}
