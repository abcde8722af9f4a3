"use client";

import { memo } from "react";
import { useTranslations } from "next-intl";
import type { MessageKey } from "@/lib/i18n/translate";
import { AMOUNT_COLUMNS, type Sort, type SortKey } from "@/features/trial-balance/rows";

const COMPARISON_COLUMNS = ["previousDebit", "previousCredit", "variance", "percent"] as const;

export function columnKeys(comparing: boolean): SortKey[] {
  return [...AMOUNT_COLUMNS, ...(comparing ? COMPARISON_COLUMNS : [])];
}

/** The account column stays in view while the amounts scroll sideways (every row's first cell). */
export const STICKY_ACCOUNT = "sticky left-0 z-[1] shadow-[1px_0_0_rgb(203_213_225)] print:static print:shadow-none";

/** The account column's least width: a scrolled group's name stays in view just right of it. */
export const ACCOUNT_MIN = "9rem";

export interface Periods {
  /** The periods as the person's locale writes them. */
  current: string;
  previous: string | null;
  currency: string | null;
}

/** Above the column names: the currency, and which period each group of columns is about. */
const GroupRow = memo(function GroupRow({ periods, columns }: { periods: Periods; columns: string }) {
  const t = useTranslations();
  const group = "border-b border-slate-300 px-2 pt-2 pb-1 text-left font-semibold text-slate-800";
  // When the table scrolls sideways (all columns at their least width), a group's name follows into view.
  const name = (text: string) => (
    <span className="sticky inline-block" style={{ left: `calc(${ACCOUNT_MIN} + 0.5rem)` }}>
      {text}
    </span>
  );
  return (
    <div role="row" aria-rowindex={1} className="grid items-end" style={{ gridTemplateColumns: columns }}>
      <div
        role="columnheader"
        className={`${STICKY_ACCOUNT} self-stretch bg-slate-100 px-3 pt-2 pb-1 text-left font-normal text-slate-700`}
        data-testid="trial-balance-currency"
      >
        {periods.currency ? t("trialBalance.table.currency", { currency: periods.currency }) : null}
      </div>
      <div
        role="columnheader"
        aria-colspan={AMOUNT_COLUMNS.length}
        className={group}
        style={{ gridColumn: `span ${AMOUNT_COLUMNS.length}` }}
      >
        {name(periods.current)}
      </div>
      {periods.previous ? (
        <>
          <div role="columnheader" aria-colspan={2} className={group} style={{ gridColumn: "span 2" }}>
            {name(periods.previous)}
          </div>
          <div role="columnheader" aria-colspan={2} className={group} style={{ gridColumn: "span 2" }}>
            {name(t("trialBalance.table.change"))}
          </div>
        </>
      ) : null}
    </div>
  );
});

/** The column names; each sorts the table (A–Z or smallest first, then reversed, then the service's order). */
const NameRow = memo(function NameRow({
  comparing,
  columns,
  sort,
  onSort,
}: {
  comparing: boolean;
  columns: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  const t = useTranslations();
  const header = (key: SortKey, text: string, align: "left" | "right") => {
    const active = sort.key === key;
    return (
      <div
        key={key}
        role="columnheader"
        aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
        className={`py-2 ${align === "right" ? "px-1.5 text-right" : `${STICKY_ACCOUNT} flex items-end self-stretch bg-slate-100 px-3 text-left`}`}
      >
        <button
          type="button"
          onClick={() => onSort(key)}
          title={t("trialBalance.table.sortBy", { column: text })}
          className={`inline-flex items-end gap-1 font-semibold leading-tight ${align === "right" ? "flex-row-reverse text-right" : "text-left"}`}
        >
          <span>{text}</span>
          {/* Only the sorted column shows an arrow: the others' would read as a sort that is not there. */}
          {active ? (
            <span aria-hidden="true" className="text-blue-800 print:hidden">
              {sort.direction === "desc" ? "▼" : "▲"}
            </span>
          ) : null}
        </button>
      </div>
    );
  };
  return (
    <div role="row" aria-rowindex={2} className="grid items-end" style={{ gridTemplateColumns: columns }}>
      {header("account", t("trialBalance.table.account"), "left")}
      {columnKeys(comparing).map((key) => header(key, t(`trialBalance.table.${key}` as MessageKey), "right"))}
    </div>
  );
});

/** The table's two header rows, kept in view at the top while the rows scroll. */
export function TrialBalanceHeader({
  periods,
  columns,
  sort,
  onSort,
}: {
  periods: Periods;
  columns: string;
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 shadow-[0_1px_0_rgb(203_213_225)] print:static">
      <GroupRow periods={periods} columns={columns} />
      <NameRow comparing={periods.previous !== null} columns={columns} sort={sort} onSort={onSort} />
    </div>
  );
}
