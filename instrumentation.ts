// Runs once when a server process starts. Background jobs run only in the
// Node.js runtime of a production or development server, never during builds.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: long-lived sockets and timers get a context of their own (see lib/server/detached.ts).
  const { prepareDetachedScope } = await import("@/lib/server/detached");
  prepareDetachedScope();
  // Each finished page would stay reachable from the next one's abort reason (see the module).
  const { releaseAbortReasonStacks } = await import("@/lib/server/abort-reasons");
  releaseAbortReasonStacks();
  // TRACE/TRACK would make Next's own Request construction throw (a 500): answered 405 first.
  const { refuseFetchForbiddenMethods } = await import("@/lib/http/forbidden-methods");
  refuseFetchForbiddenMethods();
  const { startJobsIfEnabled } = await import("@/lib/jobs/start");
  await startJobsIfEnabled();
}
