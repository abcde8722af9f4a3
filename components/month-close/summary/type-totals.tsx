"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMonth, formatMonthShort } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { typeLabels } from "@/lib/payroll/entries/labels";
import type { Compared, MonthSummary } from "@/lib/month-close/summary/summary";
import { Change, euros, hours } from "./figures";

const NUMBER = "px-2 py-1.5 text-right tabular-nums whitespace-nowrap";

/** The company's totals per hours type and extra payment type, against the last transferred month. */
export function TypeTotals({ summary }: { summary: MonthSummary }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  const comparing = summary.previous_period !== null;
  const now = formatMonthShort(locale, summary.period);
  const before = summary.previous_period ? formatMonthShort(locale, summary.previous_period) : "";
  if (summary.by_type.length === 0) return <p>{t("approverSummary.noTypes")}</p>;
  const cells = (value: Compared, show: (value: number) => string) => (
    <>
      <td className={`${NUMBER} border-l border-slate-200`}>{show(value.now)}</td>
      {comparing ? (
        <>
          <td className={`${NUMBER} text-slate-700`}>{value.before === null ? "–" : show(value.before)}</td>
          <td className={NUMBER}>
            <Change value={value} t={t} locale={locale} />
          </td>
        </>
      ) : null}
    </>
  );
  const group = (label: string) => (
    <>
      <th scope="colgroup" colSpan={comparing ? 3 : 1} className="border-l border-slate-200 px-2 py-1 text-center">
        {label}
      </th>
    </>
  );
  const sub = () => (
    <>
      <th scope="col" className="border-l border-slate-200 px-2 py-1 text-right font-medium">
        {now}
      </th>
      {comparing ? (
        <>
          <th scope="col" className="px-2 py-1 text-right font-medium">
            {before}
          </th>
          <th scope="col" className="px-2 py-1 text-right font-medium">
            {t("approverSummary.change")}
          </th>
        </>
      ) : null}
    </>
  );
  return (
    <div
      role="region"
      aria-labelledby="type-totals-caption"
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <table className="w-full min-w-max border-collapse text-sm" data-testid="type-totals">
        <caption id="type-totals-caption" className="px-2 py-2 text-left font-semibold">
          {comparing
            ? t("approverSummary.totalsCaption", {
                month: formatMonth(locale, summary.period),
                previous: formatMonth(locale, summary.previous_period ?? ""),
              })
            : t("approverSummary.totalsCaptionAlone", { month: formatMonth(locale, summary.period) })}
        </caption>
        <thead className="bg-slate-100">
          <tr>
            <th scope="col" rowSpan={2} className="px-2 py-1 text-left">
              {t("approverSummary.type")}
            </th>
            {group(t("approverSummary.hours"))}
            {group(t("approverSummary.amount"))}
            <th scope="col" rowSpan={2} className="border-l border-slate-200 px-2 py-1 text-right">
              {t("approverSummary.lines")}
            </th>
          </tr>
          <tr>
            {sub()}
            {sub()}
          </tr>
        </thead>
        <tbody>
          {summary.by_type.map((total) => (
            <tr key={`${total.kind}:${total.type}`} data-type={total.type} className="border-t border-slate-200">
              <th scope="row" className="px-2 py-1.5 text-left font-normal">
                {typeLabels(total.kind)[total.type]?.[locale] ?? total.type}
                <span className="block text-xs text-slate-700">
                  {t(total.kind === "hours" ? "approverSummary.kindHours" : "approverSummary.kindPayments")}
                </span>
              </th>
              {total.hours_micros ? (
                cells(total.hours_micros, (value) => hours(locale, value))
              ) : (
                <td colSpan={comparing ? 3 : 1} className="border-l border-slate-200 px-2 text-center text-slate-600">
                  –
                </td>
              )}
              {cells(total.amount_cents, (value) => euros(locale, value))}
              <td className={`${NUMBER} border-l border-slate-200`}>{total.lines}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
