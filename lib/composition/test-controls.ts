import "server-only";
import { z } from "zod";
import { serverEnv } from "@/lib/env/server";
import { ApiError, successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { runJobNow, runnableJobNames } from "./jobs";
import { followSandboxClock } from "@/lib/clock";

/**
 * The browser tests' two controls over time, behind `app/api/test/…`: 404 unless the process runs
 * with TEST_CONTROLS=true (never in production), so they do not exist for anyone else.
 * - `POST /api/test/clock`: the app's clock takes the sandbox's (`SANDBOX_URL`), after the test
 *   moved that one with `POST /control/clock`.
 * - `POST /api/test/jobs/<name>`: runs a scheduled job's work now (./jobs.ts).
 * - `POST /api/test/access-log` `{ enabled }`: switches the recording of page views off and on, for
 *   the grid bench's baseline (`access_log_view_overhead_ms`, docs/adr/0266-access-log.md); with
 *   `{ flush: true }` it writes the waiting rows at once (the e2e tests read them without waiting); it
 *   answers the access log's own time on the event loop so far (`spentMs`), which the bench reads per load.
 * Every other method of their routes is `otherTestMethod`: 404 too without TEST_CONTROLS (a 405
 * would tell the route is there), 405 with it.
 */
function refuseUnlessEnabled(): void {
  // The flag itself, not NODE_ENV=test: vitest moves the clock by calling lib/clock directly.
  if (!serverEnv().TEST_CONTROLS) throw new ApiError("not_found");
}

export const postTestClock = withRoute({ auth: false }, async () => {
  refuseUnlessEnabled();
  const sandbox = serverEnv().SANDBOX_URL;
  if (!sandbox) throw new ApiError("not_found", "No sandbox to follow (SANDBOX_URL).");
  const now = await followSandboxClock(`${sandbox}/control`);
  return successResponse({ now: now.toISOString() });
});

export const postRunJob = withRoute(
  { auth: false, params: z.object({ name: z.string().max(100) }) },
  async ({ params }) => {
    refuseUnlessEnabled();
    const ran = await runJobNow(params.name);
    if (!ran) throw new ApiError("not_found", `No job ${params.name}; known: ${runnableJobNames().join(", ")}.`);
    return successResponse(ran);
  },
);

const accessLogControlSchema = z.object({ enabled: z.boolean().optional(), flush: z.boolean().optional() });

// The body is read after the flag's check, so without TEST_CONTROLS the route is absent (404) whatever is sent.
export const postTestAccessLog = withRoute({ auth: false }, async ({ request }) => {
  refuseUnlessEnabled();
  const body = accessLogControlSchema.parse(await request.json().catch(() => ({})));
  const writer = await import("@/features/records/server/access-log/writer");
  if (body.enabled !== undefined) writer.setAccessLogEnabled(body.enabled);
  if (body.flush) await writer.flushAccessLog();
  return successResponse({ ok: true, spentMs: writer.accessLogTimeSpent() });
});

/** The methods the test routes do not take: absent (404) like the routes themselves, unless enabled (405). */
export const otherTestMethod = withRoute({ auth: false }, async ({ request }) => {
  refuseUnlessEnabled();
  throw new ApiError("method_not_allowed", `${request.method} is not allowed here: POST.`);
});
