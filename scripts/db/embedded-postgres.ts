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
  keepExtendedQueriesTogether(server as unknown as { queryQueue: QueryQueue }, db);
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

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Parse, Bind, Describe, Execute, Close, Flush: parts of one extended-protocol query, ended by Sync. */
const EXTENDED_QUERY_PARTS = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
const SYNC = 0x53;

/**
 * PGlite is one Postgres session shared by every socket connection. The socket
 * server keeps a transaction's statements together, but interleaves the
 * messages of concurrent extended-protocol queries (Parse/Bind/Execute…Sync),
 * so one connection's Bind can meet another's unnamed statement ("bind message
 * supplies 3 parameters, but prepared statement requires 2"). This queue runs a
 * connection's messages from its first Parse to its Sync without interleaving,
 * and keeps going after a failed message instead of stalling.
 *
 * Upstream: electric-sql/pglite issue #1046 ("pglite-socket: concurrent extended-protocol batches
 * interleave across connections; one internal throw permanently deadlocks the query queue", both
 * defects) and the open fix in pull request #977. It reaches into `QueryQueueManager`'s private
 * fields, so @electric-sql/pglite-socket is pinned exactly (0.2.17); check the issue before moving it.
 */
function keepExtendedQueriesTogether(server: { queryQueue: QueryQueue }, db: PGlite): void {
  const queue = server.queryQueue;
  let sequenceOwner: number | null = null;

  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    if (sequenceOwner === handlerId) sequenceOwner = null;
    clearQueueForHandler(handlerId);
    void queue.processQueue();
  };

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = db.isInTransaction() && this.lastHandlerId !== null ? this.lastHandlerId : sequenceOwner;
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // the owner's next message will restart the queue
        const [item] = this.queue.splice(index, 1);
        if (!item) break;
        const type = item.message[0] ?? 0;
        if (EXTENDED_QUERY_PARTS.has(type)) sequenceOwner = item.handlerId;
        else if (type === SYNC && sequenceOwner === item.handlerId) sequenceOwner = null;
        let bytes = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
          this.lastHandlerId = item.handlerId;
          item.resolve(bytes);
        } catch (error) {
          item.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
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
