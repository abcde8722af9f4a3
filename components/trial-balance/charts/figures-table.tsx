"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Basis } from "@/lib/trial-balance/query";
import { formatMoney, periodName } from "@/lib/trial-balance/charts/labels";
import { lineOf, type ChartPeriod, type LineState } from "@/lib/trial-balance/charts/series";
import { ScrollRegion } from "@/components/ui/scroll-region";

const NUMBER = "px-2 py-1 text-right tabular-nums whitespace-nowrap";

/**
 * Figures per period as a real table: the chart's equivalent for screen readers and keyboard
 * users, and the exact amounts for everyone. A period that could not be read says so in words.
 */
export function FiguresTable({
  id,
  caption,
  periods,
  lines,
  prior,
  basis,
  currency,
}: {
  id?: string;
  caption: string;
  periods: readonly ChartPeriod[];
  lines: readonly LineState[];
  /** The prior year's line of each period; null or absent: no prior-year columns. */
  prior?: readonly LineState[] | null;
  basis: Basis;
  currency: string;
}) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const money = (cents: bigint) => formatMoney(locale, cents, currency);
  const missing = (state: LineState | undefined) => (
    <span className="text-slate-600 italic">{state === "pending" ? t("pending") : t("notAvailable")}</span>
  );
  const heads =
    basis === "closing" ? [t("closingDebit"), t("closingCredit"), t("closingBalance")] : [t("debit"), t("credit"), t("netMovement")];
  return (
    <ScrollRegion label={caption}>
      <table id={id} className="w-full border-collapse text-sm">
        {/* Visible headings name the table already (and a caption would be as wide as the table on a phone). */}
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {t("period")}
            </th>
            {heads.map((head) => (
              <th key={head} scope="col" className={`${NUMBER} font-medium`}>
                {head}
              </th>
            ))}
            {prior ? (
              <>
                <th scope="col" className={`${NUMBER} font-medium`}>
                  {t("priorYear")}
                </th>
                <th scope="col" className={`${NUMBER} font-medium`}>
                  {t("change")}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {periods.map((period, index) => {
            const line = lineOf(lines[index]);
            const before = lineOf(prior?.[index]);
            return (
              <tr key={`${period.from}-${period.to}`} className="border-b border-slate-200">
                <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                  {periodName(locale, period, (quarter, year) => t("quarter", { quarter: String(quarter), year }))}
                </th>
                {line ? (
                  <>
                    <td className={NUMBER}>{money(line.debit)}</td>
                    <td className={NUMBER}>{money(line.credit)}</td>
                    <td className={`${NUMBER} font-medium`}>{money(line.net)}</td>
                  </>
                ) : (
                  <td colSpan={3} className={NUMBER}>
                    {missing(lines[index])}
                  </td>
                )}
                {prior ? (
                  <>
                    <td className={NUMBER}>{before ? money(before.net) : missing(prior?.[index])}</td>
                    <td className={NUMBER}>
                      {before && line ? money(line.net - before.net) : missing(before ? lines[index] : prior?.[index])}
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
