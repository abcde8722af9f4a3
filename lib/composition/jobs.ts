import "server-only";
import { serverEnv } from "@/lib/env/server";
import { runnableOf } from "@/lib/features-core/manifest";
import { FEATURES } from "./features";
import type { QueueName } from "./queues";
import { wireFeatures } from "./wire";
import { log } from "@/lib/log/logger";

/**
 * The job registry, in the composition root: each feature's jobs, wired into the process from its
 * manifest (features/<name>/feature.ts `jobs`, listed in ./features.ts). The features own their
 * jobs and queues on the job infrastructure below them (lib/jobs: pg-boss and a queue's shape), which
 * knows no feature; only the manifests' list knows them all (imported by instrumentation.ts and the test controls).
 */

/** Starts this process's job workers unless JOBS_ENABLED=false; a failure is logged, the app still serves. */
export async function startJobsIfEnabled(): Promise<void> {
  // Jobs emit domain events: a process that only runs jobs (a worker fixture) is wired too.
  wireFeatures();
  if (!serverEnv().JOBS_ENABLED) return;
  for (const feature of FEATURES) {
    if (!("jobs" in feature)) continue;
    try {
      await feature.jobs.start();
    } catch (error) {
      log.error({ err: error, feature: feature.name }, "jobs: a feature's jobs not started");
    }
  }
}

/**
 * What each scheduled job does, by its queue's name, for tests that run a job at once
 * (`POST /api/test/jobs/<name>`, only with TEST_CONTROLS=true): a test moves the clock
 * (lib/clock) and runs the job instead of waiting for pg-boss to start it. The same functions
 * are the jobs' work when pg-boss runs them (each manifest's `jobs.runnable`). A name that no
 * manifest declares as a queue does not compile (`runnableOf`).
 */
const RUNNABLE: Readonly<Partial<Record<QueueName, () => Promise<unknown>>>> = runnableOf(FEATURES);

export function runnableJobNames(): string[] {
  return Object.keys(RUNNABLE);
}

/** Runs the named job's work now, in this process; null for an unknown name. */
export async function runJobNow(name: string): Promise<{ result: unknown } | null> {
  const job = Object.hasOwn(RUNNABLE, name) ? RUNNABLE[name as QueueName] : undefined;
  if (!job) return null;
  return { result: await job() };
}
