import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Histogram, metric, methodLabel } from "./registry";
import { builtRouteTemplates, pathnameOf, type RouteTemplateOf } from "./route-templates";

/**
 * The web process's request durations (`ledgerlane_http_request_duration_seconds`), recorded by
 * the app's request listener (lib/composition/request-listener.ts) for every request Next or the
 * listener answers: by route template, method and status. Its cost per request is one listener
 * and one histogram observation (a few µs); without METRICS_PORT nothing scrapes, nothing is recorded.
 */

export const REQUEST_DURATION = "ledgerlane_http_request_duration_seconds";

const holder = globalThis as { __ledgerlaneRouteTemplates?: RouteTemplateOf };

/** The request histogram, registered (an operations port lists it before the first request). */
export function requestDuration(): Histogram<"route" | "method" | "status"> {
  return metric(
    REQUEST_DURATION,
    (registers) =>
      new Histogram({
        name: REQUEST_DURATION,
        help: "Duration of the web process's HTTP requests, from the request to the answer's end, by route template, method and status.",
        labelNames: ["route", "method", "status"],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers,
      }),
  );
}

/** The route template of a path by this process's build (read once, on the first request); tracing names its server spans by it too. */
export function routeTemplateOf(pathname: string): string {
  holder.__ledgerlaneRouteTemplates ??= builtRouteTemplates(
    path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next"),
  );
  return holder.__ledgerlaneRouteTemplates(pathname);
}

/** Whether this process serves metrics (METRICS_PORT set): otherwise its requests are not recorded. */
export function recordsRequests(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.METRICS_PORT?.trim());
}

/** Records `request`'s duration once its answer ended (or its connection closed: a stream's whole life). */
export function observeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  templates: (pathname: string) => string = routeTemplateOf,
): void {
  const startedAt = performance.now();
  response.once("close", () => {
    requestDuration().observe(
      { route: templates(pathnameOf(request.url)), method: methodLabel(request.method), status: response.statusCode },
      (performance.now() - startedAt) / 1000,
    );
  });
}
