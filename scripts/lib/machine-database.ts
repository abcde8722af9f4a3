import path from "node:path";
import pg from "pg";
import { spawnUntilReady } from "./child-ready";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * A fresh, empty database `name` on the machine's Postgres (127.0.0.1:5432, user postgres), for
 * benchmarks: dropped and created anew so no earlier run's data (e.g. a sandbox port) remains.
 * Undefined when no such server answers.
 */
export async function freshMachineDatabase(name: string): Promise<string | undefined> {
  const admin = new pg.Client({
    connectionString: "postgresql://postgres@127.0.0.1:5432/postgres",
    connectionTimeoutMillis: 2_000,
  });
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

/**
 * A bench's database in a process of its own, as in production: `BENCH_DATABASE_URL` when set,
 * else a fresh database `name` on the machine's Postgres, else the embedded one served apart.
 */
export async function benchDatabase(name: string): Promise<{ url: string; kind: string; stop: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, kind: "BENCH_DATABASE_URL", stop: async () => {} };
  const machine = await freshMachineDatabase(name);
  if (machine) return { url: machine, kind: "machine Postgres", stop: async () => {} };
  const embedded = await spawnUntilReady(process.execPath, ["--import", "tsx", "scripts/db/serve-embedded.ts"], {
    cwd: ROOT,
    env: { ...process.env, EMBEDDED_DATABASE_DIR: "memory", EMBEDDED_DATABASE_PORT: "0" },
    ready: /^ready (\S+)$/m,
  });
  return { url: embedded.match[1]!, kind: "embedded Postgres", stop: embedded.stop };
}
