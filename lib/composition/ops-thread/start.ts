import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { OpsRoute, OpsServer } from "@/lib/server/ops-server";
import { startHeartbeat } from "./heartbeat";
import type { FromThread, OpsThreadData, ToThread } from "./messages";

// The web process's operations port (METRICS_PORT on METRICS_HOST) on a thread of its own
// (./entry.ts; docs/adr/0259-probes-off-the-event-loop.md). No `server-only`: server.ts, bundled
// for plain `node`, imports it.

export interface OpsThreadOptions {
  port: number;
  host: string;
  databaseUrl: string;
  /** Routes the main thread answers, asked by the thread (e.g. `/metrics`: the registry lives here). */
  forwarded?: Record<string, OpsRoute>;
  /** Not ready when the event loop has not turned for this long (default 5 s). */
  readyStallMs?: number;
  /** Not alive when it has not turned for this long (default 30 s): a process manager restarts it. */
  liveStallMs?: number;
}

/**
 * The thread's code: beside the bundled app server (scripts/lib/next-build.ts writes
 * `ops-thread.mjs` next to `app-server.mjs`), else the TypeScript source under tsx (tests).
 */
function threadEntry(): { code: URL | string; eval?: true; execArgv: string[] } {
  const bundled = new URL("./ops-thread.mjs", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { code: bundled, execArgv: [] };
  // A worker does not take `--import tsx`: it loads the source through tsx's API instead.
  const source = JSON.stringify(fileURLToPath(new URL("./entry.ts", import.meta.url)));
  return {
    code: `import("tsx/esm/api").then(({ tsImport }) => tsImport(${source}, ${JSON.stringify(import.meta.url)}))`,
    eval: true,
    execArgv: ["--conditions=react-server"],
  };
}

export async function startOpsThread(options: OpsThreadOptions): Promise<OpsServer> {
  const heartbeat = startHeartbeat();
  const forwarded = options.forwarded ?? {};
  const workerData: OpsThreadData = {
    port: options.port,
    host: options.host,
    databaseUrl: options.databaseUrl,
    heartbeat: heartbeat.buffer,
    forwardedPaths: Object.keys(forwarded),
    readyStallMs: options.readyStallMs ?? 5_000,
    liveStallMs: options.liveStallMs ?? 30_000,
  };
  const { code, ...entryOptions } = threadEntry();
  // A small heap: the thread holds a pool of one connection and answers probes.
  const worker = new Worker(code, {
    workerData,
    ...entryOptions,
    resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
  });
  worker.unref();
  const send = (message: ToThread) => worker.postMessage(message);

  worker.on("message", (message: FromThread) => {
    if (message.type !== "forward") return;
    const route = forwarded[message.path];
    void Promise.resolve()
      .then(() => route!(new Request(`http://${options.host}${message.path}`)))
      .catch(() => new Response("failed\n", { status: 503 }))
      .then(async (response) => {
        const body = await response.arrayBuffer();
        send({ type: "answer", id: message.id, status: response.status, headers: [...response.headers], body });
      });
  });

  const url = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: FromThread) => {
      if (message.type === "listening") resolve(message.url);
      else if (message.type === "failed") reject(new Error(`the operations port did not open: ${message.message}`));
      else return;
      worker.off("message", onMessage);
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the operations thread exited (${code}) before it listened`)));
  });

  return {
    url,
    close: async () => {
      heartbeat.stop();
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      send({ type: "close" });
      // Bounded: a thread that does not end by itself is ended.
      const timer = setTimeout(() => void worker.terminate(), 1_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
