import "server-only";
import { getDb, queryPrepared } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import type { EntryKind, StoredLine } from "@/features/payroll/entries/kinds";
import type { MonthKey, MonthState } from "@/features/payroll/month-lock/states";
import { monthLines } from "@/features/month-close/server/check-input";
import { readLatestSealedContent } from "@/features/month-close/sealing/server/read-sealed-month";

/** The states a month reaches by its approval: its content is its latest sealed version. */
const SEALED_STATES = new Set<MonthState>(["approved", "transferred", "transfer_unclear", "waiting_for_pay_run"]);

/**
 * A month's state and round, as a prepared statement on the pool (an export reads it for each of
 * hundreds of months: ../bulk/server/item.ts); undefined when the month has no row (Open).
 */
const MONTH_STATE = {
  name: "datev_month_state",
  text: `SELECT state::text, round, transfer_target AS "transferTarget" FROM month_closes
          WHERE connection_id = $1::uuid AND company_id = $2 AND period = $3`,
};

export async function monthRowOf(
  key: MonthKey,
): Promise<{ state: MonthState; round: number; transferTarget: string | null } | undefined> {
  const [row] = await queryPrepared<{ state: MonthState; round: number; transferTarget: string | null }>(MONTH_STATE, [
    key.connectionId,
    key.companyId,
    key.period,
  ]);
  return row;
}

const monthStateOf = async (key: MonthKey) => (await monthRowOf(key))?.state;

/** A month's content for an export, and the sealed version it is (null: the drafts, before its approval). */
export interface MonthContent {
  lines: Record<EntryKind, StoredLine[]>;
  sealedMonthId: string | null;
}

/**
 * The one place the DATEV export reads a month's content: once approved, its latest sealed version
 * (features/month-close/sealing), exactly what was approved, as the Transfer sends it — never the
 * drafts. Before its approval (the preview of a month still being entered, or reopened) its drafts, so
 * the firm sees the trial run's problems early; the export itself refuses a month not Approved.
 */
export async function approvedContent(key: MonthKey, knownState?: MonthState): Promise<MonthContent> {
  // The month's state, unless the caller read it just before (a bulk export's item): no month is Open.
  const state = knownState ?? (await monthStateOf(key));
  // Open, handed in or in review (also after a reopen): the drafts, which the next approval seals.
  const approved = state !== undefined && SEALED_STATES.has(state);
  const sealed = approved ? await readLatestSealedContent(key) : null;
  if (!sealed) return { lines: await monthLines(getDb(), key), sealedMonthId: null };
  if (!sealed.intact)
    throw new ApiError(
      "month_state",
      `Version ${sealed.version} of the month does not match its hash: nothing is exported.`,
    );
  return { lines: sealed.content.lines, sealedMonthId: sealed.id };
}
