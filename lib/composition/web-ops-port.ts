import "server-only";
import { serverEnv } from "@/lib/env/server";
import { webOpsRoutes } from "./ops-routes";
import { publishWebOpsRoutes } from "./ops-thread/published-routes";

/**
 * A web process's metrics for its operations port, when METRICS_PORT is set: registered here, in
 * Next's own module graph (the gauges are server-only), and published for the port's thread, which
 * server.ts starts (./ops-thread: the probes answered off the event loop, `/metrics` asked of this
 * thread). Several web processes on one machine each need their own METRICS_PORT (docs/metrics.md).
 */
export function publishWebOpsRoutesIfConfigured(): void {
  if (serverEnv().METRICS_PORT === undefined) return;
  const { "/metrics": metrics } = webOpsRoutes();
  publishWebOpsRoutes({ "/metrics": metrics! });
}
