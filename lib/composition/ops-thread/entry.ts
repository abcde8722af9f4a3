// The web process's operations thread (./start.ts starts it): liveness and readiness answered on
// the operations port from a thread of their own, so that a probe is answered at once while the
// main thread renders a 9,000-line grid or takes its save (docs/adr/0259-probes-off-the-event-loop.md).
// What the main thread must answer itself (its metrics) is asked of it by message.
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { migrationNames, type CheckOutcome } from "@/lib/health/checks";
import { keptFresh, readiness } from "@/lib/health/readiness";
import { ApiError, errorResponse } from "@/lib/http/api-error";
import { startOpsServer, type OpsRoute } from "@/lib/server/ops-server";
import { healthResponse, readinessResponse } from "@/lib/health/answers";
import { heartbeatAgeMs } from "./heartbeat";
import type { FromThread, OpsThreadData, ToThread } from "./messages";

const data = workerData as OpsThreadData;
const port = parentPort!;
const send = (message: FromThread) => port.postMessage(message);

// One connection of its own: the main thread's pool may be exhausted by the load it serves.
const pool = new pg.Pool({ connectionString: data.databaseUrl, max: 1, application_name: "ledgerlane-web-ops" });
// A pool's idle connection that the server closes emits "error" on the pool: the next probe reconnects.
pool.on("error", () => undefined);
let migrations: Promise<string[]> | undefined;

/** "ok", or how long the main thread's event loop has not turned (it renders, or it hangs). */
function eventLoopOutcome(limitMs: number): CheckOutcome {
  const age = heartbeatAgeMs(data.heartbeat);
  return age <= limitMs ? "ok" : `the event loop has not turned for ${(age / 1000).toFixed(1)} s`;
}

// Refreshed in the background: a probe reads the latest answer and waits for no query (ready_p99_ms).
const databaseReadiness = keptFresh(1_000, () =>
  readiness({
    db: pool,
    migrations: () =>
      (migrations ??= migrationNames().catch((error: unknown) => {
        migrations = undefined;
        throw error;
      })),
  }),
);

async function ready(): Promise<Response> {
  const { ready: databaseReady, checks } = await databaseReadiness.get();
  const eventLoop = eventLoopOutcome(data.readyStallMs);
  return readinessResponse({
    ready: databaseReady && eventLoop === "ok",
    checks: { ...checks, event_loop: eventLoop },
  });
}

function health(): Response {
  const eventLoop = eventLoopOutcome(data.liveStallMs);
  if (eventLoop === "ok") return healthResponse();
  return errorResponse(new ApiError("unavailable", `Not alive: ${eventLoop}`));
}

// Asked of the main thread, answered when its event loop turns (a scrape may wait; a probe never does).
let nextId = 0;
const waiting = new Map<number, (response: Response) => void>();
port.on("message", (message: ToThread) => {
  if (message.type === "close") {
    databaseReadiness.stop();
    void server.then(async (started) => {
      await started.close();
      await pool.end();
      port.close();
    });
    return;
  }
  const resolve = waiting.get(message.id);
  waiting.delete(message.id);
  resolve?.(new Response(message.body, { status: message.status, headers: message.headers }));
});
const forwarded: OpsRoute = (request) =>
  new Promise<Response>((resolve) => {
    const id = (nextId += 1);
    waiting.set(id, resolve);
    send({ type: "forward", id, path: new URL(request.url).pathname });
  });

const routes: Record<string, OpsRoute> = {
  "/api/health": health,
  "/api/ready": ready,
  ...Object.fromEntries(data.forwardedPaths.map((path) => [path, forwarded])),
};
const server = startOpsServer(routes, data.port, data.host);
server.then(
  (started) => send({ type: "listening", url: started.url }),
  (error: unknown) => send({ type: "failed", message: (error as Error).message }),
);
