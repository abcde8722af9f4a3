"use client";

import { memo, useId, useRef, type CSSProperties } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import {
  AMOUNT_COLUMNS,
  type Sort,
  type SortKey,
  type Totals,
  type TrialBalanceRow,
} from "@/features/trial-balance/rows";
import { Amount, Percent } from "./trial-balance-cells";
import { ACCOUNT_MIN, columnKeys, STICKY_ACCOUNT, TrialBalanceHeader, type Periods } from "./trial-balance-header";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import { usePrinting } from "./use-printing";
import "./trial-balance-print.css";

// A grid of divs with table roles rather than a <table>: each row is positioned on its own
// and contained, so scrolling lays out only the rows that come into view, never the table.

// Columns share the table's width beyond their minimum: with a comparison, all eleven fit 1400 px.
const AMOUNT_MIN = "7.5rem";
const PERCENT_MIN = "5.5rem";
const FIRST_ROW_TIMING = { elementtiming: "tb-first-row" } as Record<string, string>;
const ROW_HEIGHT = 44;
// Rows rendered beyond those in view, each way: a scrolled wheel step shows no blank rows.
const OVERSCAN = 8;
const INITIAL_VIEWPORT = 640;

interface RowProps {
  row: TrialBalanceRow;
  index: number;
  comparing: boolean;
  locale: Locale;
  na: string;
  columns: string;
  positioned: boolean;
  showIds: boolean;
}

const Row = memo(function Row({ row, index, comparing, locale, na, columns, positioned, showIds }: RowProps) {
  const background = index % 2 ? "bg-slate-50" : "bg-white";
  const style: CSSProperties = positioned
    ? { gridTemplateColumns: columns, height: ROW_HEIGHT, top: index * ROW_HEIGHT, contain: "strict" }
    : { gridTemplateColumns: columns, minHeight: ROW_HEIGHT };
  return (
    <div
      role="row"
      aria-rowindex={index + 3}
      data-row=""
      style={style}
      className={`${positioned ? "absolute inset-x-0" : "break-inside-avoid"} group grid items-center border-b border-slate-100 hover:bg-blue-50 ${background}`}
    >
      <div
        role="rowheader"
        className={`${STICKY_ACCOUNT} ${background} flex min-w-0 flex-col justify-center self-stretch px-3 group-hover:bg-blue-50`}
      >
        {/* Without the id below, a long name has the row's two lines. */}
        <span
          className={`text-slate-900 ${showIds ? "block truncate" : "line-clamp-2 leading-tight"}`}
          title={row.name}
          {...(index === 0 ? FIRST_ROW_TIMING : {})}
        >
          {row.name}
        </span>
        {showIds ? <span className="block truncate font-mono text-xs text-slate-600">{row.id}</span> : null}
      </div>
      {row.amounts.map((cents, column) => (
        <Amount key={column} cents={cents} locale={locale} />
      ))}
      {comparing && row.comparison ? (
        <>
          <Amount cents={row.comparison.debit} locale={locale} />
          <Amount cents={row.comparison.credit} locale={locale} />
          <Amount cents={row.comparison.variance} locale={locale} />
          <Percent hundredths={row.comparison.percent} locale={locale} na={na} />
        </>
      ) : null}
    </div>
  );
});

const TotalsRow = memo(function TotalsRow({
  totals,
  label,
  columns,
  rowIndex,
}: {
  totals: Totals;
  label: string;
  columns: string;
  rowIndex: number;
}) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      data-testid="trial-balance-totals"
      className="grid items-center"
      style={{ gridTemplateColumns: columns, height: ROW_HEIGHT }}
    >
      <div role="rowheader" className={`${STICKY_ACCOUNT} flex items-center self-stretch truncate bg-slate-100 px-3`}>
        {label}
      </div>
      {totals.amounts.map((cents, column) => (
        <Amount key={column} cents={cents} locale={locale} column={AMOUNT_COLUMNS[column]} />
      ))}
      {totals.comparison ? (
        <>
          <Amount cents={totals.comparison.debit} locale={locale} column="previousDebit" />
          <Amount cents={totals.comparison.credit} locale={locale} column="previousCredit" />
          <Amount cents={totals.comparison.variance} locale={locale} column="variance" />
          <Percent
            hundredths={totals.comparison.percent}
            locale={locale}
            na={t("trialBalance.table.notApplicable")}
            column="percent"
          />
        </>
      ) : null}
    </div>
  );
});

export interface TrialBalanceTableProps {
  rows: TrialBalanceRow[];
  totals: Totals;
  totalLabel: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** The periods and currency, named above the columns. */
  periods: Periods;
  /** The 32-character account ids under the names (off by default). */
  showIds: boolean;
  /** Ids of what describes the table beyond the scroll hint (that its figures are out of date). */
  describedBy?: string;
}

/** The virtualized table: fixed-height rows, only those in view are in the document (all of them when printing). */
export function TrialBalanceTable({
  rows,
  totals,
  totalLabel,
  sort,
  onSort,
  periods,
  showIds,
  describedBy,
}: TrialBalanceTableProps) {
  const t = useTranslations();
  const locale = useLocale();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const range = useVirtualRows({
    scroller,
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    initialHeight: INITIAL_VIEWPORT,
    all: printing,
  });
  const comparing = totals.comparison !== null;
  const na = t("trialBalance.table.notApplicable");
  const columnCount = columnKeys(comparing).length;
  // The percentage needs less room than an amount.
  const amountCount = comparing ? columnCount - 1 : columnCount;
  const columns = `var(--tb-account) repeat(${amountCount}, var(--tb-amount))${comparing ? " var(--tb-percent)" : ""}`;
  const previousLabel = periods.previous ? t("trialBalance.table.previous", { period: periods.previous }) : null;
  const label = t("trialBalance.table.label", { count: rows.length });

  return (
    <>
      <p id={hintId} className="sr-only">
        {previousLabel ? `${previousLabel}. ` : ""}
        {t("trialBalance.table.scrollHint")}
      </p>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={label}
        aria-describedby={describedBy ? `${describedBy} ${hintId}` : hintId}
        className="max-h-[70vh] overflow-auto will-change-scroll rounded-lg border border-slate-200 bg-white print:max-h-none print:overflow-visible print:border-0"
      >
        <div
          role="table"
          aria-label={label}
          aria-rowcount={rows.length + 3}
          className="tb-table text-sm"
          style={
            {
              "--tb-account": `minmax(${ACCOUNT_MIN}, 1.6fr)`,
              "--tb-amount": `minmax(${AMOUNT_MIN}, 1fr)`,
              "--tb-percent": `minmax(${PERCENT_MIN}, 0.9fr)`,
              minWidth: `calc(${ACCOUNT_MIN} + ${amountCount} * ${AMOUNT_MIN}${comparing ? ` + ${PERCENT_MIN}` : ""})`,
            } as CSSProperties
          }
        >
          <TrialBalanceHeader periods={periods} columns={columns} sort={sort} onSort={onSort} />
          <div role="rowgroup" className="relative" style={printing ? undefined : { height: rows.length * ROW_HEIGHT }}>
            {rows.slice(range.start, range.end).map((row, offset) => (
              <Row
                key={row.id}
                row={row}
                index={range.start + offset}
                comparing={comparing}
                locale={locale}
                na={na}
                columns={columns}
                positioned={!printing}
                showIds={showIds}
              />
            ))}
          </div>
          {rows.length === 0 ? (
            <p className="px-3 py-6 text-center text-slate-600">{t("trialBalance.table.noMatch")}</p>
          ) : null}
          <div
            role="rowgroup"
            className="sticky bottom-0 z-10 bg-slate-100 font-semibold shadow-[0_-1px_0_rgb(203_213_225)] print:static"
          >
            <TotalsRow totals={totals} label={totalLabel} columns={columns} rowIndex={rows.length + 3} />
          </div>
        </div>
      </div>
    </>
  );
}
