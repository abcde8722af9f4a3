import pg from "pg";
import { ensureDatabaseRoles } from "../scripts/db/roles";
import { databaseUrl, dropDatabase } from "../scripts/db/template";

/** The run's template database (app-processes.ts), when a spec made one, is dropped with its roles. */
export default async function globalTeardown(): Promise<void> {
  const admin = process.env.DATABASE_URL ?? process.env.E2E_DATABASE_URL!;
  const name = process.env.E2E_TEMPLATE_DATABASE!;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rowCount } = await client
    .query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    .finally(() => client.end());
  if (rowCount) await dropDatabase(admin, name, await ensureDatabaseRoles(databaseUrl(admin, name)));
}
