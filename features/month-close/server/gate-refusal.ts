import "server-only";
import type { MonthClose, Prisma } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/http/api-error";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { monthLines } from "./check-input";
import { monthGate, type CheckContext, type GateOutcome } from "../gate";

/** Most findings sent with a refusal (the page lists them all itself). */
const REFUSAL_FINDINGS = 50;

/**
 * The gate of submit and approval (./service.ts), under the month's row lock: the checks on the month's stored
 * lines with `context` (check-input.ts). 409 `month_blocked` with the blockers while there are
 * any; then 409 `month_unacknowledged` naming the count of warnings of the current round not
 * acknowledged (gate.ts: what a warning's id covers). What it judged (the lines, the warnings) is
 * what an approval seals (../sealing).
 */
export async function refuseWithBlockers(
  tx: Prisma.TransactionClient,
  row: MonthClose,
  key: MonthKey,
  context: CheckContext,
): Promise<{ lines: Awaited<ReturnType<typeof monthLines>>; warnings: GateOutcome["warnings"] }> {
  const [lines, acknowledged] = await Promise.all([
    monthLines(tx, key),
    tx.monthCloseAcknowledgement.findMany({
      where: { monthCloseId: row.id, round: row.round },
      select: { warningId: true },
    }),
  ]);
  const gate = monthGate(
    { ...context, month: { period: key.period, ...lines } },
    new Set(acknowledged.map((ack) => ack.warningId)),
  );
  if (gate.blockers.length) {
    throw new ApiError("month_blocked", `The month has ${gate.blockers.length} blocker(s).`, {
      extra: { blockerCount: gate.blockers.length, blockers: gate.blockers.slice(0, REFUSAL_FINDINGS) },
    });
  }
  if (gate.unacknowledged.length) {
    const count = gate.unacknowledged.length;
    throw new ApiError("month_unacknowledged", `${count} warning(s) of round ${row.round} are not acknowledged.`, {
      extra: { unacknowledgedCount: count, warnings: gate.unacknowledged.slice(0, REFUSAL_FINDINGS) },
    });
  }
  return { lines, warnings: gate.warnings };
}
