"use client";

import { useLocale, useTranslations } from "next-intl";
import { Notice } from "@/components/ui/notice";
import type { BalanceLine } from "@/features/trial-balance/rows";
import { showCents } from "@/lib/money/locale";

const PART_LABEL = {
  opening: "trialBalance.table.opening",
  period: "trialBalance.table.period",
  closing: "trialBalance.table.closing",
} as const;

/** Debit totals against credit totals of all accounts, with the difference when they disagree. */
export function BalanceCheck({ lines }: { lines: BalanceLine[] }) {
  const t = useTranslations();
  const locale = useLocale();
  const off = lines.filter((line) => line.difference !== 0n);
  if (off.length === 0) {
    return (
      <Notice tone="success" className="text-sm">
        <p>{t("trialBalance.check.balanced")}</p>
      </Notice>
    );
  }
  return (
    // Announced at once (alert): figures that do not balance are what the page is checked for.
    <Notice tone="warning" role="alert" className="text-sm" title={t("trialBalance.check.unbalanced")}>
      <ul className="list-disc pl-5">
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
    </Notice>
  );
}
