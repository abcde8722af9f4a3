import "server-only";
import { serverEnv } from "@/lib/env/server";
import { log } from "@/lib/log/logger";
import { startOpsServer } from "@/lib/server/ops-server";
import { onShutdown } from "@/lib/server/shutdown";
import { webOpsRoutes } from "./ops-routes";

/**
 * A web process's operations port (`/api/health`, `/api/ready`, `/metrics`) when METRICS_PORT is
 * set: beside the app's public port, never on it. Started from instrumentation.ts, in Next's own
 * module graph (the probes and gauges are server-only; server.ts, bundled for plain `node`, cannot
 * load them); closed by the process's graceful stop (server.ts runs the shutdown hooks). Several
 * web processes on one machine each need their own METRICS_PORT (docs/metrics.md).
 */
export async function startWebOpsPortIfConfigured(): Promise<void> {
  const { METRICS_PORT: port, METRICS_HOST: host } = serverEnv();
  if (port === undefined) return;
  const ops = await startOpsServer(webOpsRoutes(), port, host);
  onShutdown("operations port", () => ops.close());
  log.info({ operationsPort: ops.url }, `Operations port ${ops.url}`);
}
