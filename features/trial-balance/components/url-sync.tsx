"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { queryString, type TrialBalanceQuery } from "@/features/trial-balance/query";

/**
 * Keeps the address a complete, shareable view: fills in the defaults the page chose
 * (without a reload), and follows the header's business switcher while on the page.
 */
export function UrlSync({
  query,
  switcherBusinessId,
}: {
  query: TrialBalanceQuery;
  switcherBusinessId: string | null;
}) {
  const router = useRouter();
  const canonical = queryString(query);
  const switcher = useRef(switcherBusinessId);

  useEffect(() => {
    if (switcher.current !== switcherBusinessId && switcherBusinessId) {
      switcher.current = switcherBusinessId;
      router.replace(`/trial-balance?${queryString({ ...query, business: switcherBusinessId })}`);
      return;
    }
    const current = new URLSearchParams(window.location.search);
    current.sort();
    const wanted = new URLSearchParams(canonical);
    wanted.sort();
    if (current.toString() !== wanted.toString())
      window.history.replaceState(window.history.state, "", `?${canonical}`);
  }, [canonical, query, router, switcherBusinessId]);

  return null;
}
