import "server-only";
import http from "node:http";

/** A probe's or a scraper's route: a fetch-style handler (the app's own route handlers fit). */
export type OpsRoute = (request: Request) => Response | Promise<Response>;

export interface OpsServer {
  /** The address it listens on, `http://host:port` (the port the system chose when 0 was asked). */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The operations port of a process (`METRICS_PORT`, bound to `METRICS_HOST`): liveness, readiness
 * and metrics for the process manager and the scraper, never on the app's public port. The worker
 * has no other HTTP; the web processes serve it beside the app. GET and HEAD only; anything else
 * of a known path answers 405, an unknown path 404.
 */
export async function startOpsServer(routes: Record<string, OpsRoute>, port: number, host: string): Promise<OpsServer> {
  const server = http.createServer((incoming, outgoing) => {
    void answer(routes, incoming, outgoing, host);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's keep-alive connection must not hold the stop up.
        server.closeAllConnections();
      }),
  };
}

async function answer(
  routes: Record<string, OpsRoute>,
  incoming: http.IncomingMessage,
  outgoing: http.ServerResponse,
  host: string,
): Promise<void> {
  const url = new URL(incoming.url ?? "/", `http://${host}`);
  const route = Object.hasOwn(routes, url.pathname) ? routes[url.pathname] : undefined;
  let response: Response;
  if (!route) response = new Response("not found\n", { status: 404 });
  else if (incoming.method !== "GET" && incoming.method !== "HEAD")
    response = new Response("method not allowed\n", { status: 405, headers: { allow: "GET, HEAD" } });
  else {
    try {
      response = await route(new Request(url, { method: incoming.method }));
    } catch {
      // A probe that throws is a probe that failed: say so without the error (no detail leaves the process here).
      response = new Response("failed\n", { status: 503 });
    }
  }
  outgoing.writeHead(response.status, Object.fromEntries(response.headers));
  outgoing.end(incoming.method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}
