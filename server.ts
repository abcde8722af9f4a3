import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { appRequestListener } from "@/lib/composition/request-listener";
import { runShutdownHooks } from "@/lib/server/shutdown";
import { appIdleCollection } from "@/lib/server/idle-collection";
import { configuredTrustedProxies } from "@/lib/http/server/trusted-proxies";
import { log } from "@/lib/log/logger";
import { pathForLog } from "@/lib/log/redact";
import { listenOn } from "@/scripts/lib/app-listen";
import { startWebOpsPort } from "@/lib/composition/ops-thread/web";

// The app's HTTP server: Next's request handler (Next's documented custom server) behind one
// listener of ours, which answers the methods Next cannot take (TRACE: lib/composition/forbidden-methods.ts)
// without patching Node's `http.Server`. Otherwise it does what `next start` does: the same
// handler, a 500 when it throws, and on SIGINT/SIGTERM it stops taking connections, lets the
// requests under way finish, closes Next and exits (130/143). Beside closing its server it runs the
// process's shutdown hooks (lib/server/shutdown.ts, registered by instrumentation.ts: pg-boss's
// stop, which hands running jobs back, and the end of every open event stream with a reconnect
// delay), then, once the last request has answered, the database's close (the pool and the
// listening connections). All of it is bounded at STOP_BOUND_MS: `npm start` and a process manager
// kill what still runs after 5 s (docs/adr/0257-graceful-stop-of-the-web-process.md).
//
// `npm start` runs it bundled (scripts/lib/next-build.ts: `.next/app-server.mjs`, plain `node`,
// no TypeScript loader in the app's process): `node .next/app-server.mjs --port 3000 --host 127.0.0.1`
// (scripts/lib/app-listen.ts), from the project's folder, with NODE_ENV=production.
//
// Every request gets its id here (lib/composition/request-listener.ts: a trusted proxy's, else a
// new one), in its answer's `x-request-id` header, and runs in a log context holding it
// (lib/log/context.ts), so every line logged while it is handled names it.

const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || !values.host) throw new Error("Usage: app-server --port <port> --host <address>");
if (process.env.NODE_ENV !== "production")
  throw new Error(`NODE_ENV is ${process.env.NODE_ENV ?? "unset"}: the app server runs the production build only`);
const { address, nextHostname } = listenOn(values.host);
// Read at start, so a wrong TRUSTED_PROXIES stops the server at once rather than fail every request.
const trustedProxies = configuredTrustedProxies();

const startedAt = performance.now();
const app = next({ dev: false, dir: process.cwd(), hostname: nextHostname, port });
const handle = app.getRequestHandler();

// The garbage of a burst of requests collected once they stop (with `--expose-gc`, which
// scripts/start.ts sets; docs/adr/0230-app-memory.md).
const idleCollection = appIdleCollection();

async function handleWithNext(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  idleCollection?.noteRequest();
  try {
    await handle(request, response);
  } catch (error) {
    log.error({ err: error, method: request.method, path: pathForLog(request.url) }, "request failed in Next");
    if (!response.headersSent) response.statusCode = 500;
    response.end("Internal Server Error");
  }
}

await app.prepare();
// The connection's address stamped (for "the client's address" behind Next,
// lib/http/server/client-address.ts) and the request's id decided before Next sees the request.
const server = http.createServer(
  appRequestListener((request, response) => void handleWithNext(request, response), trustedProxies),
);
server.on("error", (error) => {
  log.fatal({ err: error }, "the app server failed");
  process.exit(1);
});
await new Promise<void>((resolve) => server.listen(port, address, resolve));
// The operations port (liveness, readiness) when METRICS_PORT is set, on a thread of its own:
// answered at once while this thread renders (docs/adr/0259-probes-off-the-event-loop.md).
const ops = await startWebOpsPort();
// e2e/app-processes.ts waits for "Ready on " in this line.
log.info(
  `Ready on http://${nextHostname.includes(":") ? `[${nextHostname}]` : nextHostname}:${port} (listening on ${address}) in ${Math.round(performance.now() - startedAt)} ms`,
);

const STOP_BOUND_MS = 3_000;
/** The stop hooks' share of the bound: what is left is the database's close (after the last request). */
const HOOKS_BOUND_MS = 2_500;
let stopping = false;
function stop(signal: "SIGINT" | "SIGTERM"): void {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "the app server stops");
  idleCollection?.stop();
  // No new connection from now on; each open one is closed once its request under way has answered.
  const closed = new Promise<void>((resolve) =>
    server.close((error) => {
      if (error) log.error({ err: error }, "closing the server failed");
      resolve();
    }),
  );
  // `close` ends the connections idle at this moment only: one whose answer goes out later would be
  // kept alive for the keep-alive timeout (5 s), past the bound. Idle: no request under way on it.
  setInterval(() => server.closeIdleConnections(), 50).unref();
  // The jobs handed back and the event streams ended (their browsers reconnect elsewhere), beside
  // the requests finishing; then the database, which no request needs any more.
  // What the stop waits for, named when the bound cuts it short (with the connections still open).
  let waitingFor = "requests under way and the stop hooks";
  const stopped = Promise.all([closed, ops?.close(), runShutdownHooks(HOOKS_BOUND_MS)])
    .then(() => {
      waitingFor = "the database's close";
      return runShutdownHooks(STOP_BOUND_MS - HOOKS_BOUND_MS, "close");
    })
    .then(() => {
      waitingFor = "Next's close";
      return app.close();
    })
    .then(() => log.info({ signal }, "the app server stopped: requests answered, streams ended, database closed"));
  const bound = new Promise<void>((resolve) =>
    setTimeout(() => {
      server.getConnections((_, connections) =>
        log.warn({ waitingFor, connections }, "the app server's stop reached its bound: exiting anyway"),
      );
      // The line above is written before the exit: getConnections answers on the next tick.
      setImmediate(resolve);
    }, STOP_BOUND_MS).unref(),
  );
  Promise.race([stopped, bound])
    .catch((error: unknown) => log.error({ err: error }, "the stop failed"))
    .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
