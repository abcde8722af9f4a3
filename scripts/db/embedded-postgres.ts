import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** A `postgresql://` URL for any Postgres client; the socket ignores the database name. */
  url: string;
  stop(): Promise<void>;
}

/** Above the app's pool size plus the migration engine, the job queue and tests. */
const MAX_CONNECTIONS = 64;

/**
 * Postgres compiled to WebAssembly (PGlite) behind its wire-protocol socket, for
 * people and test runs without a Postgres server. One process may own a data
 * folder at a time; `dataDir` undefined keeps everything in memory.
 */
export async function startEmbeddedPostgres(opts: { dataDir?: string; port?: number } = {}): Promise<EmbeddedPostgres> {
  const releaseLock = opts.dataDir ? await lockDataDir(opts.dataDir) : () => {};
  const db = await PGlite.create(opts.dataDir ? { dataDir: opts.dataDir } : {});
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: opts.port ?? 0, maxConnections: MAX_CONNECTIONS });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
      releaseLock();
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite does not guard its folder; two processes on one folder would corrupt it. */
async function lockDataDir(dataDir: string): Promise<() => void> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.pid`);
  const holder = Number(readFileSync(lockFile, { encoding: "utf8", flag: "a+" }).trim());
  if (holder && holder !== process.pid && isRunning(holder)) {
    throw new Error(`The embedded Postgres in ${dataDir} is in use by process ${holder} (another npm start?). Stop it first.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}
