"use client";

import type { Locale } from "@/lib/i18n/locales";
import type { ColumnState, PackFigures } from "@/features/trial-balance/pack/model";
import { showCents } from "@/lib/money/locale";

/** The account column stays in view while the periods scroll sideways. */
export const STICKY = "sticky left-0 z-[1] shadow-[1px_0_0_rgb(203_213_225)]";

const CELL = "truncate px-1.5 text-right tabular-nums";

export interface CellWords {
  loading: string;
  failed: string;
}

/** One amount; while its column loads "…", when its column failed "—" (named for screen readers). */
export function FigureCell({
  value,
  state,
  locale,
  words,
  column,
}: {
  value: bigint | null;
  state: ColumnState["kind"] | "ok";
  locale: Locale;
  words: CellWords;
  column: string;
}) {
  if (value === null) {
    const failed = state === "failed";
    return (
      <div role="cell" data-column={column} className={`${CELL} ${failed ? "text-red-800" : "text-slate-600"}`}>
        <span aria-hidden="true">{failed ? "—" : "…"}</span>
        <span className="sr-only">{failed ? words.failed : words.loading}</span>
      </div>
    );
  }
  return (
    <div role="cell" data-column={column} className={`${CELL} ${value === 0n ? "text-slate-600" : ""}`}>
      {showCents(locale, value)}
    </div>
  );
}

/** A row's figures: one cell per period, the total, and with a comparison the prior figure and the variance. */
export function FigureCells({
  figures,
  columns,
  prior,
  locale,
  words,
}: {
  figures: PackFigures;
  columns: readonly ColumnState[];
  prior: ColumnState | null;
  locale: Locale;
  words: CellWords;
}) {
  const aggregate = columns.some((column) => column.kind === "failed") ? "failed" : "pending";
  const priorKind = prior?.kind === "failed" || aggregate === "failed" ? "failed" : "pending";
  return (
    <>
      {figures.values.map((value, index) => (
        <FigureCell
          key={index}
          value={value}
          state={columns[index]?.kind ?? "pending"}
          locale={locale}
          words={words}
          column={`p${index}`}
        />
      ))}
      <FigureCell value={figures.total} state={aggregate} locale={locale} words={words} column="total" />
      {prior ? (
        <>
          <FigureCell value={figures.prior} state={prior.kind} locale={locale} words={words} column="prior" />
          <FigureCell value={figures.variance} state={priorKind} locale={locale} words={words} column="variance" />
        </>
      ) : null}
    </>
  );
}
