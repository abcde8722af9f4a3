import "server-only";
import { serverEnv } from "@/lib/env/server";
import type { OpsRoute } from "@/lib/server/ops-server";
import { metricsResponse, registerProcessMetrics } from "./metrics";
import { healthResponse } from "@/lib/health/answers";
import { processReady, readyResponse } from "./probes";

/**
 * What a process's operations port serves (METRICS_PORT; docs/metrics.md): the same probes as a web
 * process's `/api/health` and `/api/ready`, and its metrics. The worker's (worker.ts) and a web
 * process's (./web-ops-port.ts) are the same routes; which metrics a process has depends on what
 * it is (./metrics.ts): a web process's requests, and the database's gauges where jobs run.
 */
function opsRoutes(web: boolean): Record<string, OpsRoute> {
  registerProcessMetrics(processReady, { web, jobs: serverEnv().JOBS_ENABLED });
  return { "/api/health": healthResponse, "/api/ready": readyResponse, "/metrics": metricsResponse };
}

/** The worker's operations port (worker.ts). */
export function workerOpsRoutes(): Record<string, OpsRoute> {
  return opsRoutes(false);
}

/** A web process's operations port (./web-ops-port.ts). */
export function webOpsRoutes(): Record<string, OpsRoute> {
  return opsRoutes(true);
}
