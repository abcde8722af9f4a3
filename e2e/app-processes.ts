import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedPostgres } from "../scripts/db/embedded-postgres";
import { migrateForApp } from "../scripts/db/migrate";
import { ensureDatabaseRoles, roleOf } from "../scripts/db/roles";

// For specs that start app processes of their own (`next start`) on one database of their own.

export interface FreshDatabase {
  /** The app's role (scripts/db/roles.ts), as npm start runs the app. */
  url: string;
  /** Applies the migrations as the migration role, as npm start does. */
  migrate(): Promise<void>;
  /** The embedded Postgres (no DATABASE_URL given): one process, no pg_dump. */
  embedded: boolean;
  /** Stops or drops it. */
  drop(): Promise<void>;
}

/** An empty database: a new one on the machine's Postgres (DATABASE_URL), else an embedded one. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const embedded = await startEmbeddedPostgres();
    const roles = await ensureDatabaseRoles(embedded.url);
    return { url: roles.appUrl, migrate: () => migrateRoles(roles), embedded: true, drop: () => embedded.stop() };
  }
  const name = `ledgerlane_e2e_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const roles = await ensureDatabaseRoles(url.toString());
  return {
    url: roles.appUrl,
    migrate: () => migrateRoles(roles),
    embedded: false,
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // Roles belong to the whole server; the database's go with it.
      for (const role of [roleOf(roles.appUrl), roleOf(roles.migrationUrl)]) await client.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`);
      await client.end();
    },
  };
}

async function migrateRoles(roles: { appUrl: string; migrationUrl: string }): Promise<void> {
  await migrateForApp({ DATABASE_URL: roles.appUrl, MIGRATION_DATABASE_URL: roles.migrationUrl });
}

/** Resolves when `next start` says it is ready (it prints that once it listens); rejects if it exits first. */
export function nextReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/Ready in/.test(output)) return;
      child.stdout?.off("data", onData);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`next start exited before it was ready (${signal ?? `code ${code}`})`)));
  });
}
