"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { ColumnState, Pack } from "@/features/trial-balance/pack/model";
import { showCents } from "@/lib/money/locale";
import { STICKY } from "./pack-cells";

/** Under the grand total: per period, whether its debits and credits balance, or by how much they are off. */
export function BalanceRow({ columns, pack, rowIndex }: { columns: string; pack: Pack; rowIndex: number }) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const cell = (state: ColumnState, key: string) => (
    <div key={key} role="cell" data-column={key} className="truncate px-1.5 text-right text-xs">
      {state.kind !== "ok" ? (
        ""
      ) : state.balance.difference === 0n ? (
        <span className="text-green-800">✓ {t("trialBalance.pack.balances")}</span>
      ) : (
        <span className="font-semibold text-red-800">
          {t("trialBalance.pack.offBy", { amount: showCents(locale, state.balance.difference) })}
        </span>
      )}
    </div>
  );
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      data-testid="pack-balance"
      className="grid items-center"
      style={{ gridTemplateColumns: columns, height: 32 }}
    >
      <div
        role="rowheader"
        className={`${STICKY} flex items-center self-stretch bg-slate-100 px-3 text-xs font-normal`}
      >
        {t("trialBalance.pack.balanceRow")}
      </div>
      {pack.columns.map((state, index) => cell(state, `p${index}`))}
      <div role="cell" style={{ gridColumn: `span ${pack.prior ? 3 : 1}` }} />
    </div>
  );
}
