"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";

function Loading() {
  const t = useTranslations();
  return (
    <p role="status" className="text-slate-700">
      {t("trialBalance.states.loading")}
    </p>
  );
}

/**
 * The pack's view, fetched only when Months or Quarters are chosen: the single period's page
 * (and its JavaScript budget) stays as it was. Rendered in the browser only: its figures are
 * fetched there, column by column.
 */
export const PackViewLazy = dynamic(() => import("./pack-view"), { ssr: false, loading: Loading });
