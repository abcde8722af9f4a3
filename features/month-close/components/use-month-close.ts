"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { monthCloseApi } from "@/features/month-close/client/api";
import type { MonthCloseBody } from "@/features/month-close/schemas";
import { shownState, type MonthAction, type MonthCloseView } from "@/features/month-close/states";

const monthCloseKeys = {
  action: (companyId: number, period: string) => ["month-close", companyId, period, "action"] as const,
};

/** What the last action did, for the notice under the buttons. */
export type MonthCloseDone = {
  action: MonthAction;
  monthClose: MonthCloseView;
  message: string | null;
  resolved: boolean;
  /** Another person's Transfer ran at the same time: its result is shown (features/month-close/server/transfer.ts). */
  transferredBy: string | null;
  /** The service answered but the answer could not be recorded. */
  unrecorded: boolean;
} | null;

/**
 * A refusal that says the month, the person's roles or the workspace changed meanwhile (409, 403):
 * the page is rendered again to show how things are now. Any other failure (the server or its
 * database failing, no answer) leaves the page as it is: rendering it again would fail the same
 * way and put the error page in place of the grid, with whatever was typed in it.
 */
function showsNewState(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 409 || error.status === 403);
}

/**
 * The month close's actions: one mutation posting `{ action, period, reason? }`; after each, the
 * page is rendered again by the server (`router.refresh()`), so the grid becomes read-only or
 * editable with the month's new state (after a Transfer, once its job has ended: ./use-followed-month.ts). A failure is shown in the panel (`error`, with the action
 * that was not done in `failed`); the grid stays.
 */
export function useMonthClose(companyId: number, period: string) {
  const router = useRouter();
  const [done, setDone] = useState<MonthCloseDone>(null);
  const mutation = useMutation({
    mutationKey: monthCloseKeys.action(companyId, period),
    mutationFn: (input: { action: MonthAction; reason?: string }) =>
      // The panel names the action and, for a reopen, its reason; the route checks the pair (422 otherwise).
      monthCloseApi.act({ companyId, ...(input as MonthCloseBody), period }),
    onMutate: () => setDone(null),
    onSuccess: (answer, input) => {
      setDone({
        action: input.action,
        monthClose: answer.monthClose,
        message: answer.message ?? null,
        resolved: answer.resolved ?? true,
        transferredBy: answer.transferredBy ?? null,
        unrecorded: answer.unrecorded ?? false,
      });
      // A Transfer answers while its job runs: the panel follows the month and renders the page again at its end.
      if (!(input.action === "transfer" && shownState(answer.monthClose) === "transferring")) router.refresh();
    },
    onError: (error) => {
      if (showsNewState(error)) router.refresh();
    },
  });
  const failed = mutation.isError ? (mutation.variables?.action ?? null) : null;
  return {
    run: mutation.mutate,
    pending: mutation.isPending,
    error: mutation.error,
    failed,
    done,
    reset: mutation.reset,
  };
}
