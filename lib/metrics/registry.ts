import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's one metrics registry (Prometheus, docs/metrics.md, docs/adr/0255-metrics.md),
 * scraped as `/metrics` on the operations port. It lives on globalThis: server.ts is bundled apart
 * from Next's chunks and Turbopack may copy a module into several chunks, so a module-level
 * registry would be several registries, each with half the samples. Every metric is made through
 * `metric` below, which hands back the one already registered under its name. No `server-only`:
 * server.ts, bundled for plain `node`, records the requests' durations through it.
 */

export const METRIC_PREFIX = "ledgerlane_";

const holder = globalThis as { __ledgerlaneMetrics?: Registry };

export function metricsRegistry(): Registry {
  holder.__ledgerlaneMetrics ??= new Registry();
  return holder.__ledgerlaneMetrics;
}

/**
 * Node's and the process's own metrics (CPU, memory, event-loop lag, heap, handles, GC), with the
 * app's prefix: only in a process with an operations port (they keep an event-loop monitor and a GC
 * observer running), once.
 */
export function collectProcessDefaults(): void {
  if (metricsRegistry().getSingleMetric(`${METRIC_PREFIX}process_cpu_seconds_total`)) return;
  collectDefaultMetrics({ register: metricsRegistry(), prefix: METRIC_PREFIX });
}

type AnyMetric = Counter<string> | Gauge<string> | Histogram<string>;

/** The metric registered as `name`, made by `make` (with the registry to register in) the first time. */
export function metric<M extends AnyMetric>(name: string, make: (registers: Registry[]) => M): M {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as M | undefined) ?? make([registry]);
}

/** The HTTP methods a label may name; any other is "other" (a label's values stay few). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "other";
}

export { Counter, Gauge, Histogram };
