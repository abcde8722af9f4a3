// Runs once when a server process starts. Background jobs run only in the
// Node.js runtime of a production or development server, never during builds.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The features' manifests wired into the process before any request or job: the domain events'
  // consumers, the audit trail's presenters and the features' kinds (docs/adr/0241-feature-manifests.md).
  const { wireFeatures } = await import("@/lib/composition/wire");
  wireFeatures();
  // Before any request: long-lived sockets and timers get a context of their own (see lib/server/detached.ts).
  const { prepareDetachedScope } = await import("@/lib/server/detached");
  prepareDetachedScope();
  // The process-wide patches, each with its upstream issue and canary (lib/server/patches).
  const { installProcessPatches } = await import("@/lib/server/patches");
  installProcessPatches();
  // Every upstream request of this process (people's and jobs') draws on the shared request budget in Postgres.
  const { enableSharedUpstreamBudget } = await import("@/lib/http/server/upstream-budget");
  enableSharedUpstreamBudget();
  // A graceful stop (server.ts, on SIGINT/SIGTERM, beside closing its server) stops pg-boss and hands
  // its running jobs back (docs/adr/0100-graceful-stop-of-jobs.md). Registered before the jobs start.
  const [{ onShutdown }, { stopBoss }] = await Promise.all([
    import("@/lib/server/shutdown"),
    import("@/lib/jobs/boss"),
  ]);
  onShutdown("jobs", stopBoss);
  const { startJobsIfEnabled } = await import("@/lib/composition/jobs");
  await startJobsIfEnabled();
}
