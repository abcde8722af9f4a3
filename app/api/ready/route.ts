import { getReady } from "@/lib/composition/health";

export const dynamic = "force-dynamic";

// Readiness: the database, the migrations and, where jobs run, the jobs (docs/adr/0251-health-and-readiness.md).
export const GET = getReady;
