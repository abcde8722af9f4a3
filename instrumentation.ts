// Runs once when a server process starts. Background jobs run only in the
// Node.js runtime of a production or development server, never during builds.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Before any request: upstream calls get an async context of their own (see prepareUpstreamScope).
  const { prepareUpstreamScope } = await import("@/lib/http/upstream");
  prepareUpstreamScope();
  const { startJobsIfEnabled } = await import("@/lib/jobs/start");
  await startJobsIfEnabled();
}
