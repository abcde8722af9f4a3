import "server-only";
import { now } from "@/lib/clock";
import { getDb } from "@/lib/db/client";
import { backlogFigures, backlogOutcome, lateBefore, type BacklogFigures } from "@/lib/health/backlog";
import type { CheckOutcome } from "@/lib/health/checks";

/**
 * The deliveries' readiness check (`/api/ready` where jobs run; lib/health/backlog.ts): pending
 * deliveries due long ago, as ./deliveries.ts sees them due (no worker's claim).
 */
export async function deliveriesBacklog(): Promise<CheckOutcome> {
  const [row] = await getDb().$queryRaw<{ late: number }[]>`
    SELECT count(*)::int AS late FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= ${lateBefore()}
      AND (locked_until IS NULL OR locked_until < ${now()})`;
  return backlogOutcome(row?.late ?? 0, "webhook deliveries");
}

/** The deliveries as metrics report them (lib/metrics, where jobs run): pending ones due now and the oldest's wait. */
export async function deliveriesFigures(): Promise<BacklogFigures> {
  const [row] = await getDb().$queryRaw<{ due: number; oldest: Date | null }[]>`
    SELECT count(*)::int AS due, min(next_attempt_at) AS oldest FROM webhook_deliveries
    WHERE status = 'pending' AND next_attempt_at <= ${now()}
      AND (locked_until IS NULL OR locked_until < ${now()})`;
  return backlogFigures(row);
}
