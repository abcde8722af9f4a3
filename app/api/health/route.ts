import { runHealthChecks } from "@/lib/health/checks";
import { withRoute } from "@/lib/http/server/route";

export const dynamic = "force-dynamic";

// The report keeps its own shape (probes and start scripts read `checks.database.status`).
export const GET = withRoute({ auth: false }, async () => {
  const report = await runHealthChecks();
  return Response.json(report, {
    status: report.checks.database?.status === "up" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});
