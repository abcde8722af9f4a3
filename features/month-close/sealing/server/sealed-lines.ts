import "server-only";
import { ApiError } from "@/lib/http/api-error";
import type { MonthKey } from "@/features/payroll/month-lock/states";
import { readSealedMonth, type SealedMonthRead } from "./read-sealed-month";

/**
 * The version a Transfer sends and a check compares with: the month's latest. An approved month
 * always has one (sealed at its approval, or by the migration); one without is refused rather than
 * sent from its drafts, and so is a version whose content no longer matches its hash.
 */
export async function sealedToSend(key: MonthKey): Promise<SealedMonthRead> {
  const sealed = await readSealedMonth(key);
  if (!sealed) throw new ApiError("month_state", "The month has no sealed version: approve it first.");
  if (!sealed.intact)
    throw new ApiError(
      "month_state",
      `Version ${sealed.version} of the month does not match its hash: nothing is sent.`,
    );
  return sealed;
}
