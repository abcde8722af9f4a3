import { useLocale, useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/locales";
import type { Basis } from "@/features/trial-balance/query";
import { formatMoney } from "@/features/trial-balance/charts/labels";
import {
  basisLines,
  chartValues,
  lineOf,
  type LineState,
  type PeriodFigures,
} from "@/features/trial-balance/charts/series";
import type { ChartSeries } from "./chart-svg";

/** Words for the periods without figures: in tooltips (long) and in the chart's gaps (short). */
export interface GapWords {
  failed: string;
  failedShort: string;
  pending: string;
}

/** A chart series of basis lines: the nets as values, their exact amounts as marker tooltips. */
export function netSeries(
  name: string,
  states: readonly LineState[],
  locale: Locale,
  currency: string,
  words: GapWords,
): ChartSeries {
  return {
    name,
    values: chartValues(states.map((state) => lineOf(state)?.net ?? null)),
    texts: states.map((state) =>
      typeof state === "object"
        ? formatMoney(locale, state.net, currency)
        : state === "pending"
          ? words.pending
          : words.failed,
    ),
    gaps: states.map((state) => (state === "failed" ? words.failedShort : state === "pending" ? words.pending : null)),
  };
}

/**
 * What both the account panel and the group trend show: each period's line of the basis (and
 * the prior year's), the chart's series of them and the basis's name.
 */
export function useNetFigures(
  figures: readonly PeriodFigures[],
  priorYear: readonly PeriodFigures[] | null | undefined,
  basis: Basis,
  currency: string,
) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const lines = basisLines(figures, basis);
  const prior = priorYear ? basisLines(priorYear, basis) : null;
  const words = { failed: t("notAvailable"), failedShort: t("notAvailableShort"), pending: t("pending") };
  const series = [netSeries(t("current"), lines, locale, currency, words)];
  if (prior) series.push(netSeries(t("priorYear"), prior, locale, currency, words));
  return { lines, prior, series, basisName: basis === "closing" ? t("closingBalance") : t("netMovement") };
}
