"use client";

import { memo, useEffect, useId, useRef, useState, type CSSProperties } from "react";
import { flushSync } from "react-dom";
import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { MessageKey } from "@/lib/i18n/translate";
import { AMOUNT_COLUMNS, type Sort, type SortKey, type Totals, type TrialBalanceRow } from "@/lib/trial-balance/rows";
import { showCents, showPercent } from "./amounts";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import "./trial-balance-print.css";

// A grid of divs with table roles rather than a <table>: each row is positioned on its own
// and contained, so scrolling lays out only the rows that come into view, never the table.

const COMPARISON_COLUMNS = ["previousDebit", "previousCredit", "variance", "percent"] as const;
const ACCOUNT_WIDTH = "18rem";
const AMOUNT_WIDTH = "8.75rem";
const FIRST_ROW_TIMING = { elementtiming: "tb-first-row" } as Record<string, string>;
const CELL = "truncate px-2 text-right tabular-nums";
const ROW_HEIGHT = 44;
// Rows rendered beyond those in view, each way: a scrolled wheel step shows no blank rows.
const OVERSCAN = 8;
const INITIAL_VIEWPORT = 640;

function columnKeys(comparing: boolean): SortKey[] {
  return [...AMOUNT_COLUMNS, ...(comparing ? COMPARISON_COLUMNS : [])];
}

function Amount({ cents, locale, column }: { cents: bigint; locale: Locale; column?: string }) {
  return (
    <div role="cell" data-column={column} className={`${CELL} ${cents === 0n ? "text-slate-500" : ""}`}>
      {showCents(locale, cents)}
    </div>
  );
}

function Percent({ hundredths, locale, na, column }: { hundredths: bigint | null; locale: Locale; na: string; column?: string }) {
  return (
    <div role="cell" data-column={column} className={CELL}>
      {hundredths === null ? <span className="text-slate-500">{na}</span> : showPercent(locale, hundredths)}
    </div>
  );
}

interface RowProps {
  row: TrialBalanceRow;
  index: number;
  comparing: boolean;
  locale: Locale;
  na: string;
  columns: string;
  positioned: boolean;
}

const Row = memo(function Row({ row, index, comparing, locale, na, columns, positioned }: RowProps) {
  const style: CSSProperties = positioned
    ? { gridTemplateColumns: columns, height: ROW_HEIGHT, top: index * ROW_HEIGHT, contain: "strict" }
    : { gridTemplateColumns: columns, minHeight: ROW_HEIGHT };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row=""
      style={style}
      className={`${positioned ? "absolute inset-x-0" : "break-inside-avoid"} grid items-center border-b border-slate-100 hover:bg-blue-50/60 ${index % 2 ? "bg-slate-50" : "bg-white"}`}
    >
      <div role="rowheader" className="min-w-0 px-3">
        <span className="block truncate text-slate-900" title={row.name} {...(index === 0 ? FIRST_ROW_TIMING : {})}>
          {row.name}
        </span>
        <span className="block truncate font-mono text-xs text-slate-500">{row.id}</span>
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

const HeaderRow = memo(function HeaderRow({ comparing, columns, sort, onSort }: { comparing: boolean; columns: string; sort: Sort; onSort: (key: SortKey) => void }) {
  const t = useTranslations();
  const header = (key: SortKey, text: string, align: "left" | "right") => {
    const active = sort.key === key;
    return (
      <div key={key} role="columnheader" aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined} className={`px-2 py-2 ${align === "right" ? "text-right" : "text-left"}`}>
        <button
          type="button"
          onClick={() => onSort(key)}
          title={t("trialBalance.table.sortBy", { column: text })}
          className={`inline-flex items-end gap-1 font-semibold leading-tight ${align === "right" ? "flex-row-reverse text-right" : "text-left"}`}
        >
          <span>{text}</span>
          <span aria-hidden="true" className={`print:hidden ${active ? "text-blue-800" : "text-slate-300"}`}>
            {active && sort.direction === "desc" ? "▼" : "▲"}
          </span>
        </button>
      </div>
    );
  };
  return (
    <div role="row" aria-rowindex={1} className="grid items-end" style={{ gridTemplateColumns: columns }}>
      {header("account", t("trialBalance.table.account"), "left")}
      {columnKeys(comparing).map((key) => header(key, t(`trialBalance.table.${key}` as MessageKey), "right"))}
    </div>
  );
});

const TotalsRow = memo(function TotalsRow({ totals, label, columns, rowIndex }: { totals: Totals; label: string; columns: string; rowIndex: number }) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <div role="row" aria-rowindex={rowIndex} data-testid="trial-balance-totals" className="grid items-center" style={{ gridTemplateColumns: columns, height: ROW_HEIGHT }}>
      <div role="rowheader" className="truncate px-3">
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
          <Percent hundredths={totals.comparison.percent} locale={locale} na={t("trialBalance.table.notApplicable")} column="percent" />
        </>
      ) : null}
    </div>
  );
});

function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // Every row must be in the document before the browser lays out the printout.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener("beforeprint", before);
    window.addEventListener("afterprint", after);
    return () => {
      window.removeEventListener("beforeprint", before);
      window.removeEventListener("afterprint", after);
    };
  }, []);
  return printing;
}

export interface TrialBalanceTableProps {
  rows: TrialBalanceRow[];
  totals: Totals;
  totalLabel: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** The range compared with, for the table's description. */
  previousLabel: string | null;
}

/** The virtualized table: fixed-height rows, only those in view are in the document (all of them when printing). */
export function TrialBalanceTable({ rows, totals, totalLabel, sort, onSort, previousLabel }: TrialBalanceTableProps) {
  const t = useTranslations();
  const locale = useLocale();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const range = useVirtualRows({ scroller, count: rows.length, rowHeight: ROW_HEIGHT, overscan: OVERSCAN, initialHeight: INITIAL_VIEWPORT, all: printing });
  const comparing = totals.comparison !== null;
  const na = t("trialBalance.table.notApplicable");
  const columnCount = columnKeys(comparing).length;
  const columns = `var(--tb-account) repeat(${columnCount}, var(--tb-amount))`;
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
        aria-describedby={hintId}
        className="max-h-[70vh] overflow-auto will-change-scroll rounded-lg border border-slate-200 bg-white print:max-h-none print:overflow-visible print:border-0"
      >
        <div
          role="table"
          aria-label={label}
          aria-rowcount={rows.length + 2}
          className="tb-table text-sm"
          style={{ "--tb-account": ACCOUNT_WIDTH, "--tb-amount": AMOUNT_WIDTH, minWidth: `calc(${ACCOUNT_WIDTH} + ${columnCount} * ${AMOUNT_WIDTH})` } as CSSProperties}
        >
          <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 shadow-[0_1px_0_rgb(203_213_225)] print:static">
            <HeaderRow comparing={comparing} columns={columns} sort={sort} onSort={onSort} />
          </div>
          <div role="rowgroup" className="relative" style={printing ? undefined : { height: rows.length * ROW_HEIGHT }}>
            {rows.slice(range.start, range.end).map((row, offset) => (
              <Row key={row.id} row={row} index={range.start + offset} comparing={comparing} locale={locale} na={na} columns={columns} positioned={!printing} />
            ))}
          </div>
          {rows.length === 0 ? <p className="px-3 py-6 text-center text-slate-600">{t("trialBalance.table.noMatch")}</p> : null}
          <div role="rowgroup" className="sticky bottom-0 z-10 bg-slate-100 font-semibold shadow-[0_-1px_0_rgb(203_213_225)] print:static">
            <TotalsRow totals={totals} label={totalLabel} columns={columns} rowIndex={rows.length + 2} />
          </div>
        </div>
      </div>
    </>
  );
}
