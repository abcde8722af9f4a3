import type { OpsRoute } from "@/lib/server/ops-server";

// What the web process's operations thread (./start.ts, started by server.ts) asks its main thread:
// routes published from Next's module graph (../web-ops-port.ts: the metrics, server-only), found
// through globalThis, since server.ts's bundle and Next's chunks are two module graphs of one
// process. No `server-only`: server.ts imports it.

const holder = globalThis as { __ledgerlaneWebOpsRoutes?: Record<string, OpsRoute> };

/** Called once Next's graph has its routes (instrumentation.ts). */
export function publishWebOpsRoutes(routes: Record<string, OpsRoute>): void {
  holder.__ledgerlaneWebOpsRoutes = routes;
}

/** The published route of `path`, looked up per request: 503 until Next has published it. */
export function publishedWebOpsRoute(path: string): OpsRoute {
  return (request) => {
    const route = holder.__ledgerlaneWebOpsRoutes?.[path];
    return route ? route(request) : new Response("not published yet\n", { status: 503 });
  };
}
