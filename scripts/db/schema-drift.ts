import { openSchemaEngine, NO_FILTERS, SCHEMA_PATH } from "./schema-engine";

/**
 * The SQL that would bring the database at `connectionString` to prisma/schema.prisma;
 * an empty string when they agree.
 */
export async function diffDatabaseToSchema(connectionString: string): Promise<string> {
  const handle = await openSchemaEngine(connectionString);
  try {
    const files = [{ path: SCHEMA_PATH, content: handle.schema }];
    const result = await handle.engine.diff({
      from: { tag: "schemaDatasource", files, configDir: process.cwd() },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : "";
  } finally {
    await handle.close();
  }
}
