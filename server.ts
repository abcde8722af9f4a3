import http from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { refusingFetchForbiddenMethods } from "@/lib/composition/forbidden-methods";
import { runShutdownHooks } from "@/lib/server/shutdown";
import { appIdleCollection } from "@/lib/server/idle-collection";
import { stampSocketAddress } from "@/lib/http/server/socket-address";
import { listenOn } from "@/scripts/lib/app-listen";

// The app's HTTP server: Next's request handler (Next's documented custom server) behind one
// listener of ours, which answers the methods Next cannot take (TRACE: lib/composition/forbidden-methods.ts)
// without patching Node's `http.Server`. Otherwise it does what `next start` does: the same
// handler, a 500 when it throws, and on SIGINT/SIGTERM it stops taking connections, lets the
// requests under way finish, closes Next and exits (130/143). Beside closing its server it runs the
// process's shutdown hooks (lib/server/shutdown.ts: pg-boss's stop, registered by
// instrumentation.ts), and all of it is bounded at STOP_BOUND_MS: an open event stream keeps
// `server.close` from ever finishing, and `npm start` kills what still runs after 5 s.
//
// `npm start` runs it bundled (scripts/lib/next-build.ts: `.next/app-server.mjs`, plain `node`,
// no TypeScript loader in the app's process): `node .next/app-server.mjs --port 3000 --host 127.0.0.1`
// (scripts/lib/app-listen.ts), from the project's folder, with NODE_ENV=production.

const { values } = parseArgs({ options: { port: { type: "string" }, host: { type: "string" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || !values.host) throw new Error("Usage: app-server --port <port> --host <address>");
if (process.env.NODE_ENV !== "production")
  throw new Error(`NODE_ENV is ${process.env.NODE_ENV ?? "unset"}: the app server runs the production build only`);
const { address, nextHostname } = listenOn(values.host);

const startedAt = performance.now();
const app = next({ dev: false, dir: process.cwd(), hostname: nextHostname, port });
const handle = app.getRequestHandler();

// The garbage of a burst of requests collected once they stop (with `--expose-gc`, which
// scripts/start.ts sets; docs/adr/0230-app-memory.md).
const idleCollection = appIdleCollection();

async function handleWithNext(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  idleCollection?.noteRequest();
  // The connection's address, for "the client's address" behind Next (lib/http/server/client-address.ts).
  stampSocketAddress(request);
  try {
    await handle(request, response);
  } catch (error) {
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end("Internal Server Error");
  }
}

await app.prepare();
const server = http.createServer(
  refusingFetchForbiddenMethods((request, response) => void handleWithNext(request, response)),
);
server.on("error", (error) => {
  console.error("The app server failed:", error);
  process.exit(1);
});
await new Promise<void>((resolve) => server.listen(port, address, resolve));
console.log(
  `Ready on http://${nextHostname.includes(":") ? `[${nextHostname}]` : nextHostname}:${port} (listening on ${address}) in ${Math.round(performance.now() - startedAt)} ms`,
);

const STOP_BOUND_MS = 3_000;
let stopping = false;
function stop(signal: "SIGINT" | "SIGTERM"): void {
  if (stopping) return;
  stopping = true;
  idleCollection?.stop();
  const closed = new Promise<void>((resolve) =>
    server.close((error) => {
      if (error) console.error(error);
      resolve();
    }),
  );
  const stopped = Promise.all([closed, runShutdownHooks(STOP_BOUND_MS)]).then(() => app.close());
  const bound = new Promise<void>((resolve) => setTimeout(resolve, STOP_BOUND_MS).unref());
  Promise.race([stopped, bound])
    .catch((error: unknown) => console.error(error))
    .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
