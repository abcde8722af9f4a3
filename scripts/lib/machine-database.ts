import pg from "pg";

/**
 * A fresh, empty database `name` on the machine's Postgres (127.0.0.1:5432, user postgres), for
 * benchmarks: dropped and created anew so no earlier run's data (e.g. a sandbox port) remains.
 * Undefined when no such server answers.
 */
export async function freshMachineDatabase(name: string): Promise<string | undefined> {
  const admin = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres", connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return `postgresql://postgres@127.0.0.1:5432/${name}`;
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
}
