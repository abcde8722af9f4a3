import { getHealth } from "@/lib/composition/health";

export const dynamic = "force-dynamic";

// Liveness, from the process alone (lib/composition/health.ts; docs/adr/0251-health-and-readiness.md).
export const GET = getHealth;
