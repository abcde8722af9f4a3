"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { monthCloseApi } from "@/features/month-close/client/api";
import { shownState, type MonthCloseView } from "@/features/month-close/states";

/** How often a page asks for the month's state while its Transfer runs. */
const FOLLOW_MS = 1_000;

/**
 * A Transfer runs as a job (features/month-close/server/transfer-job.ts), in whichever process picks it up:
 * while the month reads Transferring (as rendered, or as the Transfer request answered: `started`)
 * this page asks for its state every second (GET /api/month-close/<company>, TanStack Query) and shows
 * it; once the Transfer has ended the page is rendered again by the server (the grid, the actions) with the
 * result. Any page open on the month follows it, also one whose person did not press Transfer; a
 * closed page loses nothing (the job goes on).
 */
export function useFollowedMonth(
  companyId: number,
  rendered: MonthCloseView,
  started: MonthCloseView | null,
): MonthCloseView {
  const router = useRouter();
  // The Transfer this page started (by when it started), or the one the page was rendered with.
  const startKey =
    started && shownState(started) === "transferring" ? (started.transferUnderWay?.startedAt ?? null) : null;
  const following = startKey !== null || shownState(rendered) === "transferring";
  const query = useQuery({
    // One query per Transfer followed: what an earlier one ended with is not this one's answer.
    queryKey: [
      "month-close",
      companyId,
      rendered.period,
      "view",
      startKey ?? rendered.transferUnderWay?.startedAt ?? "",
    ] as const,
    queryFn: () => monthCloseApi.get({ companyId }).then((answer) => answer.monthClose),
    enabled: following,
    // Asked until the Transfer has ended.
    refetchInterval: (current) =>
      current.state.data && shownState(current.state.data) !== "transferring" ? false : FOLLOW_MS,
  });
  const polled = following ? query.data : undefined;
  const ended = polled !== undefined && shownState(polled) !== "transferring";
  useEffect(() => {
    if (ended) router.refresh();
  }, [ended, router]);
  if (!polled) return started && startKey ? started : rendered;
  // Ended: the page as rendered again once it shows the result, until then the result as asked.
  if (ended && rendered.state === polled.state && !rendered.transferUnderWay) return rendered;
  return polled;
}
