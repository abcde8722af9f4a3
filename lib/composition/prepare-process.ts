import "server-only";

/**
 * What every server process of the app does before it serves a request or runs a job: the web
 * process (instrumentation.ts) and the worker (worker.ts) alike, so that a job runs the same way
 * in either. Each step imports its module when called: instrumentation.ts is loaded by Next in
 * every runtime, and only the Node.js one prepares.
 */
export async function prepareServerProcess(role: "web" | "worker" = "web"): Promise<void> {
  // First, so the rest is traced: OpenTelemetry when a collector is named, else nothing loaded (docs/tracing.md).
  await (await import("@/lib/telemetry/server/start")).startTracing(role);
  // The features' manifests wired into the process before any request or job: the domain events'
  // consumers, the audit trail's presenters and the features' kinds (docs/adr/0241-feature-manifests.md).
  const { wireFeatures } = await import("./wire");
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
  // A graceful stop (server.ts or worker.ts, on SIGINT/SIGTERM) stops pg-boss and hands its running
  // jobs back (docs/adr/0100-graceful-stop-of-jobs.md), ends every open event stream with a
  // reconnect delay, and once no request needs it closes the database: the pool and the listening
  // connections (docs/adr/0257-graceful-stop-of-the-web-process.md). Registered before the jobs start.
  const [{ onShutdown }, { stopBoss }, { endEventStreams }, { closeDb }, { closeNotificationFeeds }] =
    await Promise.all([
      import("@/lib/server/shutdown"),
      import("@/lib/jobs/boss"),
      import("@/lib/http/server/event-stream"),
      import("@/lib/db/client"),
      import("@/lib/db/notification-feed"),
    ]);
  onShutdown("jobs", stopBoss);
  onShutdown("event-streams", endEventStreams);
  onShutdown("database", () => Promise.all([closeNotificationFeeds(), closeDb()]).then(() => undefined), "close");
}
