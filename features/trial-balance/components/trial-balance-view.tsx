"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useId, useMemo, useState, useTransition } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { DateRange } from "@/lib/dates/calendar";
import type { Basis } from "@/features/trial-balance/query";
import { unpackAccounts } from "@/features/trial-balance/response";
import { balanceCheck, buildRows, totalsOf, viewRows, type Sort, type SortKey } from "@/features/trial-balance/rows";
import { BalanceCheck } from "./balance-check";
import { ExportLinks } from "./export-links";
import { LocalTime } from "./local-time";
import { useStaleFigures } from "./stale-figures";
import type { Periods } from "./trial-balance-header";
import { TrialBalanceTable } from "./trial-balance-table";

/** Figures of a period other than the one entered: framed in amber and greyed (still readable: 4.5:1). */
const STALE = "rounded-lg ring-2 ring-amber-500 ring-offset-2 [&_[role=cell]]:text-slate-600";

export interface TrialBalanceViewProps {
  range: DateRange;
  /** The accounts, packed (see packAccounts). */
  current: string;
  previous: string | null;
  previousRange: DateRange | null;
  basis: Basis;
  fetchedAt: string;
  /** The periods as the person's locale writes them, and the currency (written on the server: no hydration difference). */
  periods: Periods;
  /** The view's query string, for the export links. */
  query: string;
}

export function TrialBalanceView({ current, previous, basis, fetchedAt, periods, query }: TrialBalanceViewProps) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const ids = useId();
  const [filter, setFilter] = useState("");
  const [hideEmpty, setHideEmpty] = useState(false);
  const [showIds, setShowIds] = useState(false);
  const { stale } = useStaleFigures();
  const [sort, setSort] = useState<Sort>({ key: "service", direction: "asc" });
  const [refreshing, startRefresh] = useTransition();
  // Typing stays responsive: filtering 5,000 rows follows at a lower priority.
  const deferredFilter = useDeferredValue(filter);

  const rows = useMemo(
    () => buildRows(unpackAccounts(current), previous === null ? null : unpackAccounts(previous), basis),
    [current, previous, basis],
  );
  const comparing = previous !== null;
  const allTotals = useMemo(() => totalsOf(rows, comparing), [rows, comparing]);
  const view = useMemo(
    () => viewRows(rows, { filter: deferredFilter, hideEmpty, sort }, locale),
    [rows, deferredFilter, hideEmpty, sort, locale],
  );
  const filtered = view.length !== rows.length;
  const totals = useMemo(
    () => (filtered ? totalsOf(view, comparing) : allTotals),
    [filtered, view, comparing, allTotals],
  );
  const totalLabel = filtered
    ? t("trialBalance.table.totalShown", { count: view.length })
    : t("trialBalance.table.total");
  const [fetchedBefore = "", fetchedAfter = ""] = t("trialBalance.freshness.fetchedAt", { time: "\u0000" }).split(
    "\u0000",
  );

  /** A column's first click sorts it ascending (A–Z, smallest first), the second reverses, the third returns to the service's order. */
  function onSort(key: SortKey) {
    setSort((shown) => {
      if (shown.key !== key) return { key, direction: "asc" };
      return shown.direction === "asc" ? { key, direction: "desc" } : { key: "service", direction: "asc" };
    });
  }

  if (rows.length === 0) {
    return (
      <p className="rounded border border-slate-200 bg-white px-4 py-6 text-slate-700">
        {t("trialBalance.states.empty")}
      </p>
    );
  }

  return (
    // With a comparison the page may grow wider than the others (app/layout.tsx): eleven columns fit 1400 px.
    <div className="space-y-3" data-wide={comparing ? "" : undefined}>
      <p className="hidden print:block">
        {t("trialBalance.export.printPeriod", { period: periods.current })}
        {periods.previous ? `, ${t("trialBalance.export.printCompared", { period: periods.previous })}` : ""}
      </p>
      {/* Always in the document, so that screen readers announce the message when it appears. */}
      <div role="status" id={`${ids}-stale`} className="print:hidden">
        {stale ? (
          <Notice tone="warning" role="none" title={t("trialBalance.stale.title")}>
            <p>{t("trialBalance.stale.text", { period: periods.current })}</p>
          </Notice>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700" aria-live="polite">
        <p>
          {fetchedBefore}
          <LocalTime iso={fetchedAt} locale={locale} />
          {fetchedAfter}
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="print:hidden"
          disabled={refreshing}
          aria-busy={refreshing}
          onClick={() => startRefresh(() => router.refresh())}
        >
          {refreshing ? t("trialBalance.freshness.refreshing") : t("trialBalance.freshness.refresh")}
        </Button>
      </div>
      <p className="text-sm text-slate-600 print:hidden">{t("trialBalance.freshness.delay")}</p>

      <div className={stale ? STALE : undefined}>
        <BalanceCheck lines={balanceCheck(allTotals)} />
      </div>

      <div className="flex flex-wrap items-end gap-x-5 gap-y-3 print:hidden">
        <Field compact id={`${ids}-filter`} label={t("trialBalance.table.filter")}>
          {(control) => (
            <input
              {...control}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={t("trialBalance.table.filterPlaceholder")}
              className="w-64 rounded border border-slate-400 px-2 py-1.5"
            />
          )}
        </Field>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={hideEmpty} onChange={(event) => setHideEmpty(event.target.checked)} />
          {t("trialBalance.table.hideEmpty")}
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input type="checkbox" checked={showIds} onChange={(event) => setShowIds(event.target.checked)} />
          {t("trialBalance.table.showIds")}
        </label>
        <p className="pb-2 text-sm text-slate-600" aria-live="polite">
          {t("trialBalance.table.shown", { shown: view.length, count: rows.length })}
        </p>
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          <ExportLinks query={query} />
          <Button variant="secondary" size="sm" onClick={() => window.print()}>
            {t("trialBalance.export.print")}
          </Button>
        </div>
      </div>

      <div data-stale={stale ? "" : undefined} className={stale ? STALE : undefined}>
        <TrialBalanceTable
          rows={view}
          totals={totals}
          totalLabel={totalLabel}
          sort={sort}
          onSort={onSort}
          periods={periods}
          showIds={showIds}
          describedBy={stale ? `${ids}-stale` : undefined}
        />
      </div>
    </div>
  );
}
