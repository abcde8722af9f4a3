"use client";

import { useCallback, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { errorMessage } from "@/components/ui/error-text";
import type { DateRange } from "@/lib/dates/calendar";
import { unpackLedgerAccounts } from "@/features/trial-balance/pack/ledger-pack";
import { GROUPS, type GroupKey } from "@/features/trial-balance/pack/account-groups";
import { buildPack } from "@/features/trial-balance/pack/model";
import type { PackPeriod } from "@/features/trial-balance/periods";
import { packStatusText } from "@/features/trial-balance/pack/status";
import type { Basis } from "@/features/trial-balance/query";
import { LedgerNotice } from "./ledger-notice";
import { PackDetails, type OpenDetails } from "./pack-details";
import type { ColumnHeading } from "./pack-header";
import { packLines } from "./pack-lines";
import { PackTable } from "./pack-table";
import { usePackColumns } from "./use-pack-columns";

export interface PackViewProps {
  businessId: string | null;
  currency: string | null;
  /** The first month of the business's financial year (the charts name quarters as the headings do). */
  fyStartMonth: number;
  mode: "months" | "quarters";
  basis: Basis;
  periods: PackPeriod[];
  /** Written on the server in the person's locale (no hydration difference). */
  headings: ColumnHeading[];
  prior: { range: DateRange; heading: ColumnHeading } | null;
  /** The ledger accounts, packed (features/trial-balance/pack/ledger-pack.ts); null when they could not be read. */
  ledger: { packed: string | null; fetchedLabel: string | null; failed: boolean };
}

/** The month-end pack: periods side by side in account groups, each column fetched on its own. */
export default function PackView({
  businessId,
  currency,
  fyStartMonth,
  mode,
  basis,
  periods,
  headings,
  prior,
  ledger,
}: PackViewProps) {
  const t = useTranslations();
  const ranges = useMemo(() => [...periods, ...(prior ? [prior.range] : [])], [periods, prior]);
  const { answers, retry } = usePackColumns(businessId, ranges);
  const chart = useMemo(() => (ledger.packed === null ? null : unpackLedgerAccounts(ledger.packed)), [ledger.packed]);
  const pack = useMemo(
    () =>
      buildPack({
        periods,
        answers: answers.slice(0, periods.length),
        prior: prior ? { range: prior.range, answer: answers[periods.length] ?? { kind: "pending" } } : null,
        ledgerAccounts: chart,
        basis,
      }),
    [answers, periods, prior, chart, basis],
  );
  const [folded, setFolded] = useState<ReadonlySet<GroupKey>>(new Set());
  const [open, setOpen] = useState<OpenDetails | null>(null);
  const lines = useMemo(() => packLines(pack, folded), [pack, folded]);
  const accountCount = pack.groups.reduce((sum, group) => sum + group.accounts.length, 0);

  const onFold = useCallback((key: GroupKey) => {
    setFolded((shown) => {
      const next = new Set(shown);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const onOpen = useCallback((id: string) => setOpen({ kind: "account", id }), []);
  const onRetry = useCallback((index: number) => retry(ranges[index]!), [retry, ranges]);

  const failures = pack.columns.flatMap((column, index) => (column.kind === "failed" ? [{ index, column }] : []));
  if (prior && pack.prior?.state.kind === "failed") failures.push({ index: periods.length, column: pack.prior.state });
  const status = packStatusText(
    t,
    pack,
    headings.map((heading) => heading.label),
  );
  // Until a column has figures there are no accounts to count (not "0 accounts").
  const anyLoaded = pack.columns.some((column) => column.kind === "ok") || pack.prior?.state.kind === "ok";
  const allFolded = pack.grouped && pack.groups.every((group) => folded.has(group.key));

  return (
    <div className="space-y-3" data-wide="">
      <LedgerNotice businessId={businessId} grouped={pack.grouped} ledger={ledger} />
      <p className="text-sm text-slate-700">
        {currency ? `${t("trialBalance.table.currency", { currency })}. ` : ""}
        {basis === "closing" ? t("trialBalance.pack.figuresClosing") : t("trialBalance.pack.figuresMovement")}
      </p>
      {failures.map(({ index, column }) => {
        const heading = index < headings.length ? headings[index]! : prior!.heading;
        return (
          <Notice key={index} tone="error" className="text-sm">
            <p>
              {t("trialBalance.pack.columnFailed", {
                period: heading.label,
                message: errorMessage(
                  t,
                  column.kind === "failed" ? { code: column.code, message: "" } : null,
                  "accounting",
                ),
              })}{" "}
              <Button variant="secondary" size="sm" onClick={() => onRetry(index)}>
                {t("trialBalance.pack.retry", { period: heading.label })}
              </Button>
            </p>
          </Notice>
        );
      })}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p role="status" className={status.alarm ? "font-semibold text-red-800" : "text-slate-700"}>
          {status.text}
        </p>
        {anyLoaded ? (
          <p className="text-slate-600">
            {t("trialBalance.pack.shown", { count: accountCount, groups: pack.groups.length })}
          </p>
        ) : null}
        {pack.grouped ? (
          <Button
            variant="secondary"
            size="sm"
            className="ml-auto"
            onClick={() => setFolded(allFolded ? new Set() : new Set(GROUPS))}
          >
            {allFolded ? t("trialBalance.pack.unfoldAll") : t("trialBalance.pack.foldAll")}
          </Button>
        ) : null}
      </div>
      {pack.grouped ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label={t("trialBalance.pack.trends")}>
          {pack.groups.map((group) => {
            const name = t(`trialBalance.pack.groups.${group.key}`);
            const shown = open?.kind === "group" && open.key === group.key;
            return (
              <li key={group.key}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-expanded={shown}
                  onClick={() => setOpen(shown ? null : { kind: "group", key: group.key })}
                >
                  {shown
                    ? t("trialBalance.pack.hideTrend", { group: name })
                    : t("trialBalance.pack.showTrend", { group: name })}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {open ? (
        <PackDetails
          open={open}
          pack={pack}
          answers={answers.slice(0, periods.length)}
          chart={chart}
          currency={currency}
          fyStartMonth={fyStartMonth}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <PackTable
        pack={pack}
        lines={lines}
        headings={headings}
        total={basis === "closing" ? t("trialBalance.pack.closingTotal") : t("trialBalance.pack.total")}
        prior={prior?.heading ?? null}
        label={t("trialBalance.pack.label", { columns: mode, count: accountCount })}
        onFold={onFold}
        onOpen={onOpen}
        onRetry={onRetry}
      />
    </div>
  );
}
