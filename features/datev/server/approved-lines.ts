import "server-only";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthKey, MonthState } from "@/features/payroll/month-lock/states";
import { monthLines } from "@/features/month-close/server/check-input";
import { readSealedMonth } from "@/features/month-close/sealing/server/read-sealed-month";

/** The states a month reaches by its approval: its content is its latest sealed version. */
const SEALED_STATES = new Set<MonthState>(["approved", "transferred", "transfer_unclear", "waiting_for_pay_run"]);

/**
 * The one place the DATEV export reads a month's content: once approved, its latest sealed version
 * (features/month-close/sealing), exactly what was approved, as the Transfer sends it — never the
 * drafts. Before its approval (the preview of a month still being entered, or reopened) its drafts, so
 * the firm sees the trial run's problems early; the export itself refuses a month not Approved.
 */
export async function approvedLines(key: MonthKey): Promise<Record<EntryKind, StoredLine[]>> {
  const month = await getDb().monthClose.findFirst({
    where: { connectionId: key.connectionId, companyId: key.companyId, period: key.period },
    select: { state: true },
  });
  // Open, handed in or in review (also after a reopen): the drafts, which the next approval seals.
  const approved = month !== null && SEALED_STATES.has(month.state);
  const sealed = approved ? await readSealedMonth(key) : null;
  if (!sealed) return monthLines(getDb(), key);
  if (!sealed.intact)
    throw new ApiError(
      "month_state",
      `Version ${sealed.version} of the month does not match its hash: nothing is exported.`,
    );
  return sealed.content.lines;
}
