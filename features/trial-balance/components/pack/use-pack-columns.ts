"use client";

import { useQueries, useQueryClient, type QueryObserverResult } from "@tanstack/react-query";
import { useCallback } from "react";
import { accountingKeys } from "@/features/accounting/query-keys";
import type { DateRange } from "@/lib/dates/calendar";
import { limiter } from "@/features/trial-balance/pack/limiter";
import type { PeriodAnswer } from "@/features/trial-balance/pack/model";
import { trialBalanceApi } from "@/features/trial-balance/client/api";
import { unpackAccounts, type AccountTuple } from "@/features/trial-balance/response";

/**
 * The pack's columns, each its own TanStack Query (`GET /api/trial-balance/period`), so a
 * failing month fails alone and each column paints as it arrives. Why in the browser and not
 * kept on the server: 13 answers of 5,000 accounts per person would weigh on the app's memory
 * under load (lib/http/memory.bench.ts); the browser keeps its own person's columns for five
 * minutes (going back to a range is instant), the server keeps nothing after answering. Four
 * columns at a time for the whole page (one limiter shared by every query), oldest first.
 */
const slots = limiter(4);
const STALE_MS = 5 * 60_000;

class ColumnError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

async function readColumn(businessId: string | null, range: DateRange, signal: AbortSignal): Promise<AccountTuple[]> {
  const result = await slots(() =>
    signal.aborted
      ? Promise.reject(new ColumnError("network", "cancelled"))
      : trialBalanceApi.period.result(
          { from: range.from, to: range.to, ...(businessId ? { business: businessId } : {}) },
          { signal },
        ),
  );
  if (!result.ok) throw new ColumnError(result.error.code, result.error.message, result.error.detail);
  return unpackAccounts(result.data.accounts);
}

function toAnswer(result: QueryObserverResult<AccountTuple[]>): PeriodAnswer {
  if (result.data && !result.isError) return { kind: "ok", accounts: result.data };
  if (result.error) {
    const error = result.error as Partial<ColumnError>;
    return { kind: "failed", code: error.code ?? "network", ...(error.detail ? { detail: error.detail } : {}) };
  }
  return { kind: "pending" };
}

function toAnswers(results: QueryObserverResult<AccountTuple[]>[]): PeriodAnswer[] {
  return results.map(toAnswer);
}

/** One answer per range, in order (the compared range last when given), and a way to try one again. */
export function usePackColumns(
  businessId: string | null,
  ranges: readonly DateRange[],
): { answers: PeriodAnswer[]; retry: (range: DateRange) => void } {
  const client = useQueryClient();
  const answers = useQueries({
    queries: ranges.map((range) => ({
      queryKey: accountingKeys.trialBalancePeriod(businessId, range.from, range.to),
      queryFn: ({ signal }: { signal: AbortSignal }) => readColumn(businessId, range, signal),
      staleTime: STALE_MS,
      // The server's client already retries what is worth retrying; a failed month shows its notice at once.
      retry: false,
      // 5,000 tuples are compared by reference, never deeply.
      structuralSharing: false,
      refetchOnWindowFocus: false,
    })),
    combine: toAnswers,
  });
  const retry = useCallback(
    (range: DateRange) =>
      void client.refetchQueries({
        queryKey: accountingKeys.trialBalancePeriod(businessId, range.from, range.to),
        exact: true,
      }),
    [client, businessId],
  );
  return { answers, retry };
}
