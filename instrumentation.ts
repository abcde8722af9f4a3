// Runs once when a server process starts. Background jobs run only in the
// Node.js runtime of a production or development server, never during builds.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobsIfEnabled } = await import("@/lib/jobs/start");
  await startJobsIfEnabled();
}
