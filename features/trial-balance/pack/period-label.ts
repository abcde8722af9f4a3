import { formatDateRange, formatMonthShort, formatMonthSpan, formatQuarter } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { PackPeriod } from "./periods";

/**
 * A column's heading, on the page and in every export: "Jan 2026", "Q1 2026/27", a single period
 * as its dates. A quarter the range clips is named by the months it holds ("Nov–Dec 2025",
 * German "Nov.–Dez. 2025"), not as the whole quarter: "Q4 2025" over November and December
 * alone would read as October to December.
 */
export function periodLabel(locale: Locale, period: PackPeriod, fyStartMonth: number): string {
  if (period.kind === "range") return formatDateRange(locale, period.from, period.to);
  if (period.quarter)
    return period.whole
      ? formatQuarter(period.quarter.number, period.quarter.fiscalYear, fyStartMonth)
      : formatMonthSpan(locale, period.from.slice(0, 7), period.to.slice(0, 7));
  return formatMonthShort(locale, period.month);
}
