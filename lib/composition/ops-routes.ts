import "server-only";
import type { OpsRoute } from "@/lib/server/ops-server";
import { healthResponse } from "./probe-answers";
import { readyResponse } from "./probes";

/** What the worker's operations port serves (worker.ts): the same probes as a web process's `/api/health` and `/api/ready`. */
export function workerOpsRoutes(): Record<string, OpsRoute> {
  return { "/api/health": healthResponse, "/api/ready": readyResponse };
}
