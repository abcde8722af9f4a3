import { Counter, Histogram, metric } from "./registry";

/**
 * The upstream core's requests (lib/http/server/upstream.ts `upstreamRequest`): each exchange with a
 * service counted by service and status (or `timeout` / `network_error`), its duration as the caller
 * saw it (a wait for the request budget included), and the budget's refusals (the budget's own 429,
 * told by its `x-upstream-budget` header, sent nowhere) apart from the service's answers.
 */

export const UPSTREAM_REQUESTS = "ledgerlane_upstream_requests_total";
export const UPSTREAM_DURATION = "ledgerlane_upstream_request_duration_seconds";
export const UPSTREAM_REFUSALS = "ledgerlane_upstream_budget_refusals_total";

/** A request with no budget key (the sandbox's control reads) names no service. */
type ServiceLabel = string | undefined;

interface Answer {
  status: number;
  headers: Record<string, string>;
}

const requests = () =>
  metric(
    UPSTREAM_REQUESTS,
    (registers) =>
      new Counter({
        name: UPSTREAM_REQUESTS,
        help: "Requests to the upstream services, by service and status (timeout, network_error for no answer).",
        labelNames: ["service", "status"],
        registers,
      }),
  );

const duration = () =>
  metric(
    UPSTREAM_DURATION,
    (registers) =>
      new Histogram({
        name: UPSTREAM_DURATION,
        help: "Duration of upstream requests as the caller saw them (any wait for the request budget included), by service.",
        labelNames: ["service"],
        buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
        registers,
      }),
  );

const refusals = () =>
  metric(
    UPSTREAM_REFUSALS,
    (registers) =>
      new Counter({
        name: UPSTREAM_REFUSALS,
        help: "Upstream requests the shared request budget refused (answered 429 without calling the service), by service.",
        labelNames: ["service"],
        registers,
      }),
  );

/** The upstream metrics, registered (an operations port lists them before the first request). */
export function registerUpstreamMetrics(): void {
  requests();
  duration();
  refusals();
}

/** `answer`, once it settles counted under `service`; the promise itself is handed back untouched. */
export function observedUpstream<T extends Answer>(service: ServiceLabel, answer: Promise<T>): Promise<T> {
  const startedAt = performance.now();
  const label = service ?? "none";
  const seconds = () => (performance.now() - startedAt) / 1000;
  answer.then(
    (response) => {
      if (response.headers["x-upstream-budget"] === "exhausted") refusals().inc({ service: label });
      else {
        requests().inc({ service: label, status: response.status });
        duration().observe({ service: label }, seconds());
      }
    },
    (error: unknown) => {
      const timedOut = (error as { timedOut?: unknown } | null)?.timedOut === true;
      requests().inc({ service: label, status: timedOut ? "timeout" : "network_error" });
      duration().observe({ service: label }, seconds());
    },
  );
  return answer;
}
