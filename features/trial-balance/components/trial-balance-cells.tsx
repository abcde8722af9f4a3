"use client";

import type { Locale } from "@/lib/i18n/locales";
import { showCents, showPercent } from "@/lib/money/locale";

const CELL = "truncate px-1.5 text-right tabular-nums";

/** An amount cell of the trial balance's rows and totals (./trial-balance-table.tsx); zero is shown dimmed. */
export function Amount({ cents, locale, column }: { cents: bigint; locale: Locale; column?: string }) {
  return (
    <div role="cell" data-column={column} className={`${CELL} ${cents === 0n ? "text-slate-600" : ""}`}>
      {showCents(locale, cents)}
    </div>
  );
}

/** A percentage cell (the comparison's variance); `na` where there is none (no previous figure). */
export function Percent({
  hundredths,
  locale,
  na,
  column,
}: {
  hundredths: bigint | null;
  locale: Locale;
  na: string;
  column?: string;
}) {
  return (
    <div role="cell" data-column={column} className={CELL}>
      {hundredths === null ? <span className="text-slate-600">{na}</span> : showPercent(locale, hundredths)}
    </div>
  );
}
