"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMonth, formatMonthShort } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { typeLabels } from "@/features/payroll/entries/labels";
import type { Compared, MonthSummary } from "@/features/month-close/summary/summary";
import { Change, euros, hours, SubHeaders } from "./figures";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from "@/components/ui/table";

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
      <TableCell amount className="border-l border-slate-200">
        {show(value.now)}
      </TableCell>
      {comparing ? (
        <>
          <TableCell amount className="text-slate-700">
            {value.before === null ? "–" : show(value.before)}
          </TableCell>
          <TableCell amount>
            <Change value={value} t={t} locale={locale} />
          </TableCell>
        </>
      ) : null}
    </>
  );
  const group = (label: string) => (
    <TableHead scope="colgroup" colSpan={comparing ? 3 : 1} className="border-l border-slate-200 text-center">
      {label}
    </TableHead>
  );
  return (
    <div
      role="region"
      aria-labelledby="type-totals-caption"
      tabIndex={0}
      className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
    >
      <Table
        density="compact"
        className="min-w-max"
        data-testid="type-totals"
        caption={
          <TableCaption id="type-totals-caption">
            {comparing
              ? t("approverSummary.totalsCaption", {
                  month: formatMonth(locale, summary.period),
                  previous: formatMonth(locale, summary.previous_period ?? ""),
                })
              : t("approverSummary.totalsCaptionAlone", { month: formatMonth(locale, summary.period) })}
          </TableCaption>
        }
      >
        <TableHeader>
          <tr>
            <TableHead rowSpan={2}>{t("approverSummary.type")}</TableHead>
            {group(t("approverSummary.hours"))}
            {group(t("approverSummary.amount"))}
            <TableHead rowSpan={2} numeric className="border-l border-slate-200">
              {t("approverSummary.lines")}
            </TableHead>
          </tr>
          <tr>
            <SubHeaders now={now} before={before} comparing={comparing} />
            <SubHeaders now={now} before={before} comparing={comparing} />
          </tr>
        </TableHeader>
        <TableBody>
          {summary.by_type.map((total) => (
            <TableRow key={`${total.kind}:${total.type}`} data-type={total.type}>
              <TableRowHeader>
                {typeLabels(total.kind)[total.type]?.[locale] ?? total.type}
                <span className="block text-xs text-slate-700">
                  {t(total.kind === "hours" ? "approverSummary.kindHours" : "approverSummary.kindPayments")}
                </span>
              </TableRowHeader>
              {total.hours_micros ? (
                cells(total.hours_micros, (value) => hours(locale, value))
              ) : (
                <TableCell colSpan={comparing ? 3 : 1} className="border-l border-slate-200 text-center text-slate-600">
                  –
                </TableCell>
              )}
              {cells(total.amount_cents, (value) => euros(locale, value))}
              <TableCell amount className="border-l border-slate-200">
                {total.lines}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
