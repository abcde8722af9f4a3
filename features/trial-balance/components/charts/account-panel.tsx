"use client";

import { useEffect, useId, useState, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Basis } from "@/features/trial-balance/query";
import { knownType, type LedgerAccountDetails } from "@/features/trial-balance/charts/details";
import { spanName } from "@/features/trial-balance/charts/labels";
import type { ChartPeriod, PeriodFigures } from "@/features/trial-balance/charts/series";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useNetFigures } from "./chart-series";
import { FiguresTable } from "./figures-table";
import { PeriodChart } from "./period-chart";

export interface AccountPanelProps {
  /** The account as the trial balance row has it (shown before and without the details). */
  account: { id: string; name: string };
  /** The service's ledger account (features/trial-balance/charts/details.ts); null: it could not be read. */
  details: LedgerAccountDetails | null;
  /** True while the details are still being read (then `details` is ignored). */
  detailsPending?: boolean;
  periods: readonly ChartPeriod[];
  /** One entry per period, in `periods`' order. */
  figures: readonly PeriodFigures[];
  /** The same periods a year earlier, when the pack compares with the prior year. */
  priorYear?: readonly PeriodFigures[] | null;
  basis: Basis;
  currency: string;
  onClose: () => void;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-700">{term}:</dt>
      <dd className="break-all">{children}</dd>
    </div>
  );
}

/**
 * One account's drill-down: its ledger account details, its figures per period as a table and a
 * small chart. A modal dialog (focus moves in, Escape closes); on closing, focus goes back to
 * what had it when the panel opened (the account clicked). Fills the screen on a phone.
 * Mount it while an account is chosen; `onClose` should unmount it.
 */
export default function AccountPanel({
  account,
  details,
  detailsPending = false,
  periods,
  figures,
  priorYear,
  basis,
  currency,
  onClose,
}: AccountPanelProps) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const tableId = useId();
  // Read while rendering, before the dialog's effect moves focus into it.
  const [opener] = useState(() =>
    typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(
    () => () => {
      if (opener?.isConnected) opener.focus();
    },
    [opener],
  );
  const { lines, prior, series, basisName } = useNetFigures(figures, priorYear, basis, currency);
  const range = spanName(locale, periods);
  const type = knownType(details?.typeId);
  const typeName = type ? t(`types.${type}`) : (details?.typeName ?? details?.typeId);
  return (
    <Dialog
      open
      title={account.name}
      onClose={onClose}
      // A side sheet on the right, the screen's full height; on a phone, narrower than 44rem, the whole screen.
      width="w-[44rem] mr-0 h-dvh max-h-none"
    >
      {/* First in the dialog, so the browser focuses it on opening: Enter or Escape closes. */}
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t("close")}
        </Button>
      </div>
      <section aria-labelledby={`${tableId}-details`} className="space-y-1 text-sm">
        <h3 id={`${tableId}-details`} className="font-semibold">
          {t("details")}
        </h3>
        {detailsPending ? (
          <p role="status">{t("detailsLoading")}</p>
        ) : details ? (
          <dl className="space-y-0.5">
            <Detail term={t("name")}>{details.name}</Detail>
            <Detail term={t("nominalCode")}>{details.nominalCode ?? t("none")}</Detail>
            <Detail term={t("type")}>{typeName ?? t("none")}</Detail>
            <Detail term={t("accountId")}>{details.id}</Detail>
            {details.displayedAs ? <Detail term={t("displayedAs")}>{details.displayedAs}</Detail> : null}
          </dl>
        ) : (
          <p className="text-amber-900">{t("detailsFailed", { id: account.id })}</p>
        )}
      </section>
      <section aria-labelledby={`${tableId}-figures`} className="space-y-2">
        <h3 id={`${tableId}-figures`} className="text-sm font-semibold">
          {t("figures")}
        </h3>
        <PeriodChart
          label={t("chartLabel", { title: `${account.name}, ${basisName}`, count: periods.length, range })}
          periods={periods}
          series={series}
          currency={currency}
          height={180}
          describedBy={tableId}
        />
        <FiguresTable
          id={tableId}
          caption={t("figuresCaption", { name: account.name, basis: basisName, currency })}
          periods={periods}
          lines={lines}
          prior={prior}
          basis={basis}
          currency={currency}
        />
      </section>
    </Dialog>
  );
}
