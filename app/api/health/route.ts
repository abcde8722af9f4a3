import { runHealthChecks } from "@/lib/health/checks";

export const dynamic = "force-dynamic";

export async function GET() {
  const report = await runHealthChecks();
  return Response.json(report, {
    status: report.checks.database?.status === "up" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
