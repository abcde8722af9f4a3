// Runs once when a server process starts. Background jobs run only in the
// Node.js runtime of a production or development server, never during builds.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareServerProcess } = await import("@/lib/composition/prepare-process");
  await prepareServerProcess();
  // Off on the web processes of a deployment (`npm run serve` sets JOBS_ENABLED=false): the
  // worker runs them (worker.ts). `npm start` runs them here, in its one process.
  const { startJobsIfEnabled } = await import("@/lib/composition/jobs");
  await startJobsIfEnabled();
  // With METRICS_PORT: the metrics of the operations port that server.ts opens (docs/metrics.md).
  (await import("@/lib/composition/web-ops-port")).publishWebOpsRoutesIfConfigured();
}
