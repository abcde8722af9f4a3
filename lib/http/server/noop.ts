import "server-only";
import { serverEnv } from "@/lib/env/server";
import { ApiError } from "../api-error";
import { withRoute } from "./route";

/**
 * `GET /api/noop`: a route of this app that does nothing, the baseline the proxy bench measures
 * the accounting proxy against (features/accounting/server/proxy.bench.ts). It goes through the same route
 * wrapper as every route, so the ratio measures the proxy alone. Served only when the process runs
 * with BENCH_ROUTES=true (which the bench sets; never in production); else 404 for everyone.
 */
export const getNoop = withRoute({ auth: false }, () => {
  if (!serverEnv().BENCH_ROUTES) throw new ApiError("not_found");
  return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
});
