import type { Locale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/trial-balance/charts/labels";
import { chartValues, lineOf, type LineState } from "@/lib/trial-balance/charts/series";
import type { ChartSeries } from "./chart-svg";

/** Words for the periods without figures: in tooltips (long) and in the chart's gaps (short). */
export interface GapWords {
  failed: string;
  failedShort: string;
  pending: string;
}

/** A chart series of basis lines: the nets as values, their exact amounts as marker tooltips. */
export function netSeries(name: string, states: readonly LineState[], locale: Locale, currency: string, words: GapWords): ChartSeries {
  return {
    name,
    values: chartValues(states.map((state) => lineOf(state)?.net ?? null)),
    texts: states.map((state) => (typeof state === "object" ? formatMoney(locale, state.net, currency) : state === "pending" ? words.pending : words.failed)),
    gaps: states.map((state) => (state === "failed" ? words.failedShort : state === "pending" ? words.pending : null)),
  };
}
