import "server-only";
import { getSqlPool } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { migrationNames } from "@/lib/health/checks";
import { cachedFor, readiness, type ReadinessCheck } from "@/lib/health/readiness";
import { ApiError, errorResponse, successResponse } from "@/lib/http/api-error";
import { FEATURES } from "./features";

/**
 * The platform's probes (docs/adr/0251-health-and-readiness.md), composed here because readiness
 * takes the features' checks of their jobs from their manifests; bound by the hand-written route
 * files app/api/health and app/api/ready through ./health.ts (the route wrapper sits above
 * lib/health, so the routes cannot live there), and by the worker's operations port
 * (./ops-routes.ts), which runs outside Next and so may not load the route wrapper (it imports
 * next/navigation). Neither needs a sign-in.
 */

/** The features' checks of their jobs' work, by name (features/<f>/feature.ts `jobs.readiness`). */
const JOB_CHECKS: Record<string, ReadinessCheck> = Object.assign(
  {},
  ...FEATURES.map((feature) => ("jobs" in feature && "readiness" in feature.jobs ? feature.jobs.readiness : {})),
);

/** Read once: the migrations of the code this process runs, whatever the disk holds later. */
let migrations: Promise<string[]> | undefined;

const processReadiness = cachedFor(1_000, () =>
  readiness({
    db: getSqlPool(),
    migrations: () =>
      (migrations ??= migrationNames().catch((error: unknown) => {
        migrations = undefined;
        throw error;
      })),
    jobs: serverEnv().JOBS_ENABLED ? JOB_CHECKS : undefined,
  }),
);

/** Whether the process is ready now (the metrics' `ledgerlane_ready`), by the same cached checks as `/api/ready`. */
export async function processReady(): Promise<boolean> {
  return (await processReadiness()).ready;
}

/** Liveness: the process answers; it asks nothing of the database or the services. */
export function healthResponse(): Response {
  return successResponse({ status: "ok" });
}

/** Readiness: 200 with every check "ok", else 503 `unavailable` naming each check's reason. */
export async function readyResponse(): Promise<Response> {
  const { ready, checks } = await processReadiness();
  if (ready) return successResponse({ checks });
  const failing = Object.entries(checks).filter(([, outcome]) => outcome !== "ok");
  const message = `Not ready: ${failing.map(([name, outcome]) => `${name}: ${outcome}`).join("; ")}`;
  return errorResponse(new ApiError("unavailable", message, { extra: { checks } }));
}
