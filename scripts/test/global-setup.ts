import type {} from "vitest";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import { migrateDatabase } from "../db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

let embedded: EmbeddedPostgres | undefined;

/** Integration tests get a migrated Postgres: DATABASE_URL when given, else a temporary embedded one. */
export async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres();
    url = embedded.url;
  }
  await migrateDatabase(url);
  project.provide("databaseUrl", url);
}

export async function teardown() {
  await embedded?.stop();
}
