import "server-only";
import { getSqlPool } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { migrationNames } from "@/lib/health/checks";
import { jobsCheck } from "@/lib/health/jobs-check";
import { cachedFor, readiness, type ReadinessCheck } from "@/lib/health/readiness";
import { FEATURES } from "./features";
import { readinessResponse } from "@/lib/health/answers";

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

const processReadiness = cachedFor(1_000, () => {
  const db = getSqlPool();
  return readiness({
    db,
    migrations: () =>
      (migrations ??= migrationNames().catch((error: unknown) => {
        migrations = undefined;
        throw error;
      })),
    jobs: serverEnv().JOBS_ENABLED ? { jobs: () => jobsCheck(db), ...JOB_CHECKS } : undefined,
  });
});

/** Whether the process is ready now (the metrics' `ledgerlane_ready`), by the same cached checks as `/api/ready`. */
export async function processReady(): Promise<boolean> {
  return (await processReadiness()).ready;
}

/** Readiness: 200 with every check "ok", else 503 `unavailable` naming each check's reason. */
export async function readyResponse(): Promise<Response> {
  return readinessResponse(await processReadiness());
}
