import "server-only";
import type { OpsRoute } from "@/lib/server/ops-server";

/** Liveness: the process answers (no database, no upstream call), as the web process's `GET /api/health`. */
const health: OpsRoute = () =>
  Response.json({ ok: true, data: { status: "ok" } }, { headers: { "cache-control": "no-store" } });

/** What the worker's operations port serves (worker.ts). */
export function workerOpsRoutes(): Record<string, OpsRoute> {
  return { "/api/health": health };
}
