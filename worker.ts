// `npm run worker`: the background work of a deployment (docs/self-hosting.md): pg-boss with every
// feature's workers and schedules, the outbox and webhook deliveries, re-reads and refreshes, and
// pg-boss's maintenance. No HTTP but its operations port (METRICS_PORT on METRICS_HOST: liveness,
// readiness, metrics: docs/metrics.md). Several workers on one database share the work: pg-boss hands each job to one of
// them and runs each schedule once. It runs the app's own server-only code, as the web process
// does after instrumentation.ts: `node --conditions=react-server --import tsx worker.ts`.
import { startJobsIfEnabled } from "@/lib/composition/jobs";
import { workerOpsRoutes } from "@/lib/composition/ops-routes";
import { prepareServerProcess } from "@/lib/composition/prepare-process";
import { serverEnv } from "@/lib/env/server";
import { getBoss } from "@/lib/jobs/boss";
import { log } from "@/lib/log/logger";
import { startOpsServer, type OpsServer } from "@/lib/server/ops-server";
import { runShutdownHooks } from "@/lib/server/shutdown";

// A worker runs jobs whatever the environment shared with the web processes says.
process.env.JOBS_ENABLED = "true";

let env: ReturnType<typeof serverEnv>;
try {
  env = serverEnv();
} catch (error) {
  log.fatal({ err: error }, "Cannot start the worker: its configuration is invalid");
  process.exit(1);
}

await prepareServerProcess("worker");
// pg-boss first and on its own: a worker that cannot run jobs exits, for its process manager to
// restart it, rather than serve probes that say it is alive.
try {
  await getBoss();
} catch (error) {
  log.fatal({ err: error }, "Cannot start the worker: pg-boss did not start");
  process.exit(1);
}
await startJobsIfEnabled();
let ops: OpsServer | undefined;
if (env.METRICS_PORT !== undefined) ops = await startOpsServer(workerOpsRoutes(), env.METRICS_PORT, env.METRICS_HOST);
log.info({ operationsPort: ops?.url }, `Worker ready${ops ? ` (operations port ${ops.url})` : ""}`);

// Within the 5 s a process manager (and `npm start`) gives before SIGKILL: pg-boss hands its
// running jobs back (lib/jobs/boss.ts stopBoss, 2 s), then the pool and the listening connections close.
const STOP_BOUND_MS = 4_000;
let stopping = false;
function stop(signal: "SIGINT" | "SIGTERM"): void {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "the worker stops");
  const stopped = (async () => {
    await ops?.close();
    await runShutdownHooks(STOP_BOUND_MS - 500);
    // The pool and the listening connections (registered by prepareServerProcess).
    await runShutdownHooks(500, "close");
    log.info({ signal }, "the worker stopped: jobs handed back, database closed");
  })();
  const bound = new Promise<void>((resolve) => setTimeout(resolve, STOP_BOUND_MS).unref());
  Promise.race([stopped, bound])
    .catch((error: unknown) => log.error({ err: error }, "the worker did not stop cleanly"))
    .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
}
process.once("SIGINT", () => stop("SIGINT"));
process.once("SIGTERM", () => stop("SIGTERM"));
