"use client";

import { useLocale, useTranslations } from "next-intl";
import type { BalanceLine } from "@/lib/trial-balance/rows";
import { showCents } from "./amounts";

const PART_LABEL = { opening: "trialBalance.table.opening", period: "trialBalance.table.period", closing: "trialBalance.table.closing" } as const;

/** Debit totals against credit totals of all accounts, with the difference when they disagree. */
export function BalanceCheck({ lines }: { lines: BalanceLine[] }) {
  const t = useTranslations();
  const locale = useLocale();
  const off = lines.filter((line) => line.difference !== 0n);
  if (off.length === 0) {
    return (
      <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {t("trialBalance.check.balanced")}
      </p>
    );
  }
  return (
    <div role="alert" className="rounded border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-semibold">{t("trialBalance.check.unbalanced")}</p>
      <ul className="mt-1 list-disc pl-5">
        {off.map((line) => (
          <li key={line.part}>
            {t("trialBalance.check.line", {
              part: t(PART_LABEL[line.part]),
              debit: showCents(locale, line.debit),
              credit: showCents(locale, line.credit),
              difference: showCents(locale, line.difference),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
