import type { Locale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/trial-balance/charts/labels";
import { chartValues, type BasisLine } from "@/lib/trial-balance/charts/series";
import type { ChartSeries } from "./chart-svg";

/** A chart series of basis lines: the nets as values, their exact amounts as marker tooltips. */
export function netSeries(name: string, lines: readonly (BasisLine | null)[], locale: Locale, currency: string, notAvailable: string): ChartSeries {
  return {
    name,
    values: chartValues(lines.map((line) => line?.net ?? null)),
    texts: lines.map((line) => (line ? formatMoney(locale, line.net, currency) : notAvailable)),
  };
}
