"use client";

import { useTranslations } from "next-intl";
import type { ColumnState } from "@/features/trial-balance/pack/model";
import { STICKY } from "./pack-cells";

export interface ColumnHeading {
  /** "Nov. 2026", "Q1 2026/27", "Prior year". */
  label: string;
  /** The column's dates in full, e.g. for a month cut by the range. */
  title: string;
}

const HEADING =
  "flex flex-col items-end justify-end gap-0.5 self-stretch px-1.5 py-2 text-right font-semibold leading-tight";

/** A period's heading; a failed period says so in its column, with a button to try it again. */
function PeriodHeading({
  heading,
  state,
  index,
  column,
  onRetry,
}: {
  heading: ColumnHeading;
  state: ColumnState | null;
  index: number;
  column: string;
  onRetry: (index: number) => void;
}) {
  const t = useTranslations();
  const failed = state?.kind === "failed";
  return (
    <div
      role="columnheader"
      data-column={column}
      data-state={state?.kind}
      title={heading.title}
      className={`${HEADING} ${failed ? "bg-red-50" : ""}`}
    >
      <span>{heading.label}</span>
      {failed ? (
        <>
          <span className="text-xs font-normal text-red-800">{t("trialBalance.pack.failed")}</span>
          <button
            type="button"
            onClick={() => onRetry(index)}
            aria-label={t("trialBalance.pack.retry", { period: heading.label })}
            className="text-xs font-normal text-blue-800 underline"
          >
            {t("trialBalance.pack.tryAgain")}
          </button>
        </>
      ) : state?.kind === "pending" ? (
        <span className="text-xs font-normal text-slate-600">{t("trialBalance.pack.loading")}</span>
      ) : null}
    </div>
  );
}

/** The column names, kept in view at the top while the rows scroll. */
export function PackHeader({
  columns,
  headings,
  states,
  total,
  prior,
  priorState,
  onRetry,
}: {
  columns: string;
  headings: ColumnHeading[];
  states: readonly ColumnState[];
  total: string;
  prior: ColumnHeading | null;
  priorState: ColumnState | null;
  onRetry: (index: number) => void;
}) {
  const t = useTranslations();
  return (
    <div role="rowgroup" className="sticky top-0 z-10 bg-slate-100 shadow-[0_1px_0_rgb(203_213_225)]">
      <div role="row" aria-rowindex={1} className="grid items-stretch" style={{ gridTemplateColumns: columns }}>
        <div role="columnheader" className={`${STICKY} flex items-end bg-slate-100 px-3 py-2 text-left font-semibold`}>
          {t("trialBalance.pack.account")}
        </div>
        {headings.map((heading, index) => (
          <PeriodHeading
            key={index}
            heading={heading}
            state={states[index] ?? null}
            index={index}
            column={`p${index}`}
            onRetry={onRetry}
          />
        ))}
        <div role="columnheader" data-column="total" className={`${HEADING} border-l border-slate-300`}>
          {total}
        </div>
        {prior ? (
          <>
            <PeriodHeading
              heading={prior}
              state={priorState}
              index={headings.length}
              column="prior"
              onRetry={onRetry}
            />
            <div role="columnheader" data-column="variance" className={HEADING}>
              {t("trialBalance.pack.variance")}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
