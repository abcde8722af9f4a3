import "server-only";
import { toApiError } from "@/lib/http/api-error";
import { asExport } from "@/lib/http/server/upstream-priority";
import type { SessionUser } from "@/lib/auth/server/session";
import type { DateRange } from "@/lib/dates/calendar";
import { comparisonRange } from "../../presets";
import {
  BadTrialBalance,
  failureState,
  fetchTrialBalance,
  type ShownBusiness,
  type TrialBalanceLoad,
} from "../../load/server/load";
import type { TrialBalanceQuery } from "../../query";
import { unpackAccounts } from "../../response";
import { financialYearStart } from "./financial-year";
import { ledgerAccountsFor } from "./ledger-accounts";
import { limiter } from "../limiter";
import { buildPack, type Pack, type PeriodAnswer } from "../model";
import { countPeriods, MAX_PERIODS, packPeriods, type PackPeriod } from "../../periods";

/** Columns read at once per pack: see limiter.ts. */
export const PACK_CONCURRENCY = 4;

export type PackLoad =
  | {
      kind: "ok";
      business: ShownBusiness;
      pack: Pack;
      /** Each period's answer, in the pack's order (a single period's export shows its debits and credits). */
      answers: readonly PeriodAnswer[];
      /** The first month (1–12) of the business's financial year (quarters follow it). */
      fyStartMonth: number;
      /** When the ledger accounts were read (null: never), and whether the last read failed. */
      ledgerAccounts: { fetchedAt: string | null; failed: boolean };
      fetchedAt: string;
    }
  | { kind: "tooManyPeriods"; count: number }
  | Exclude<TrialBalanceLoad, { kind: "ok" }>;

/** The columns of a view: months or quarters of the financial year, or the whole range as one. */
export function periodsOf(query: TrialBalanceQuery, fyStartMonth: number): PackPeriod[] {
  if (query.columns === "single")
    return [
      { key: "range", kind: "range", from: query.from, to: query.to, month: query.from.slice(0, 7), whole: true },
    ];
  return packPeriods(query, query.columns, fyStartMonth);
}

/** A failed column's code (lib/http/envelope's codes) and the service's words. */
export function columnFailure(error: unknown): PeriodAnswer {
  if (error instanceof BadTrialBalance) return { kind: "failed", code: "bad_response" };
  const api = toApiError(error);
  return { kind: "failed", code: api.code, ...(api.detail ? { detail: api.detail } : {}) };
}

/**
 * The whole pack on the server (for the PDF, CSV and XLSX exports): every column, four at a
 * time, the compared range, and the ledger accounts. Nothing is kept after the call: each
 * column's answer is reduced to its packed accounts as it arrives, and dropped with the result.
 * A failing column is marked in the pack; when every column fails the state is the
 * single period's (sign in again, unavailable, ...).
 */
export async function loadPack(
  user: SessionUser,
  business: ShownBusiness,
  query: TrialBalanceQuery,
): Promise<PackLoad> {
  const fyStartMonth = await financialYearStart(business.id);
  const count = countPeriods(query, query.columns, fyStartMonth);
  if (count > MAX_PERIODS) return { kind: "tooManyPeriods", count };
  const periods = periodsOf(query, fyStartMonth);
  const priorRange: DateRange | null = query.compare === "none" ? null : comparisonRange(query, query.compare);
  const limit = limiter(PACK_CONCURRENCY);
  const errors: unknown[] = [];
  const read = (range: DateRange): Promise<PeriodAnswer> =>
    limit(() => fetchTrialBalance(user, business.id, range)).then(
      (packed): PeriodAnswer => ({ kind: "ok", accounts: unpackAccounts(packed) }),
      (error: unknown) => {
        errors.push(error);
        return columnFailure(error);
      },
    );
  const [answers, prior, chart] = await Promise.all([
    Promise.all(periods.map(read)),
    priorRange ? read(priorRange) : Promise.resolve(null),
    business.id
      ? ledgerAccountsFor(user, business.id)
      : Promise.resolve({ accounts: null, fetchedAt: null, failed: true }),
  ]);
  if (answers.every((answer) => answer.kind === "failed")) {
    const state = failureState(errors[0]);
    if (state.kind !== "ok") return state;
  }
  const pack = buildPack({
    periods,
    answers,
    prior: priorRange && prior ? { range: priorRange, answer: prior } : null,
    ledgerAccounts: chart.accounts,
    basis: query.basis,
  });
  return {
    kind: "ok",
    business,
    pack,
    answers,
    fyStartMonth,
    ledgerAccounts: { fetchedAt: chart.fetchedAt?.toISOString() ?? null, failed: chart.failed },
    fetchedAt: new Date().toISOString(),
  };
}

/** The pack for a download: its reads draw on the person's budget as an export, leaving the export reserve to their sign-in and page loads. */
export function loadExportPack(
  user: SessionUser,
  business: ShownBusiness,
  query: TrialBalanceQuery,
): Promise<PackLoad> {
  return asExport(() => loadPack(user, business, query));
}
