import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";

/**
 * The checks of `/api/ready` that any process can run (./readiness.ts runs them; the jobs' own
 * check is ./jobs-check.ts, kept apart so that the web's operations thread loads no pg-boss): each answers "ok" or the reason it is not,
 * in words an operator reads in the probe's answer. docs/adr/0251-health-and-readiness.md.
 */
export type CheckOutcome = "ok" | (string & {});

/** What the checks ask the database through: the process's pool, or a test's. */
export type Queryable = Pick<pg.Pool, "query">;

/** The database answers a trivial statement (the runner's timeout says when it does not in time). */
export async function databaseCheck(db: Queryable): Promise<CheckOutcome> {
  await db.query("SELECT 1");
  return "ok";
}

/** The migrations this code was built with: the folder names of prisma/migrations (Prisma's layout). */
export async function migrationNames(dir = path.join(process.cwd(), "prisma/migrations")): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * Every migration of this code is recorded as finished in `_prisma_migrations` (scripts/db/migrate.ts
 * applies them through Prisma's schema engine, which writes that table). Rows of migrations this
 * code does not know are fine: a newer release migrated first, and this one still reads its tables.
 */
export async function migrationsCheck(db: Queryable, expected: readonly string[]): Promise<CheckOutcome> {
  const { rows } = await db.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(rows.map((row) => row.migration_name));
  const missing = expected.filter((name) => !applied.has(name));
  if (missing.length === 0) return "ok";
  const listed = missing.slice(0, 3).join(", ") + (missing.length > 3 ? ` and ${missing.length - 3} more` : "");
  return `${missing.length} migration${missing.length === 1 ? "" : "s"} not applied: ${listed} (npm run db:migrate)`;
}
