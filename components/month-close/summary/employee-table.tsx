"use client";

import { memo, useId, useRef } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import { formatMonth, formatMonthShort } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { typeLabels } from "@/lib/payroll/entries/labels";
import type { Compared, MonthSummary, SummaryRow } from "@/lib/month-close/summary/summary";
import { Change, euros, hours } from "./figures";

// Rows are windowed (components/ui/use-virtual-rows.ts): a company of 1,000 employees puts a
// screenful in the document, the first ones already in the server's HTML. Spacer rows above and
// below keep the scroll height; every row says its place (aria-rowindex of aria-rowcount).

const ROW_HEIGHT = 56;
const OVERSCAN = 10;
const INITIAL_VIEWPORT = 640;
/** Caption and the two header rows above the first row, in pixels. */
const ABOVE_ROWS = 112;
const HEADER_ROWS = 2;

type Figure = "worked_hours_micros" | "hours_pay_cents" | "payments_cents" | "total_cents";
const FIGURES: { key: Figure; label: "workedHours" | "hoursPay" | "payments" | "total" }[] = [
  { key: "worked_hours_micros", label: "workedHours" },
  { key: "hours_pay_cents", label: "hoursPay" },
  { key: "payments_cents", label: "payments" },
  { key: "total_cents", label: "total" },
];

const NUMBER = "px-2 text-right tabular-nums whitespace-nowrap";

function shown(locale: Locale, figure: Figure, value: number): string {
  return figure === "worked_hours_micros" ? hours(locale, value) : euros(locale, value);
}

function FigureCells({ figure, value, comparing }: { figure: Figure; value: Compared; comparing: boolean }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  return (
    <>
      <td className={`${NUMBER} border-l border-slate-200`} data-figure={figure}>
        {shown(locale, figure, value.now)}
      </td>
      {comparing ? (
        <>
          <td className={`${NUMBER} text-slate-700`}>{value.before === null ? "–" : shown(locale, figure, value.before)}</td>
          <td className={NUMBER} data-change={figure}>
            <Change value={value} t={t} locale={locale} />
          </td>
        </>
      ) : null}
    </>
  );
}

const Row = memo(function Row({ row, index, comparing }: { row: SummaryRow; index: number; comparing: boolean }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  const labels = typeLabels("hours");
  const byType = row.hours_by_type
    .map((typed) =>
      t("approverSummary.hoursOfType", { type: labels[typed.type]?.[locale] ?? typed.type, hours: hours(locale, typed.hours_micros) }),
    )
    .join(" · ");
  const background = index % 2 ? "bg-slate-50" : "bg-white";
  return (
    <tr aria-rowindex={index + HEADER_ROWS + 1} data-employee={row.employee_id} style={{ height: ROW_HEIGHT }} className={background}>
      <th scope="row" className={`sticky left-0 z-[1] max-w-[16rem] px-2 text-left font-normal ${background}`}>
        <span className="block truncate font-medium" title={row.name}>
          {row.name} <span className="text-slate-600">({row.employee_id})</span>
        </span>
        {byType ? (
          <span className="block truncate text-xs text-slate-700" title={byType}>
            {byType}
          </span>
        ) : null}
      </th>
      {FIGURES.map(({ key }) => (
        <FigureCells key={key} figure={key} value={row[key]} comparing={comparing} />
      ))}
      <td className="border-l border-slate-200 px-2 text-sm whitespace-nowrap" data-flagged={row.flagged}>
        {row.flagged ? (
          <>
            <span className="font-medium">{t("approverSummary.flagCount", { count: row.flagged })}</span>
            {row.unacknowledged ? (
              <span className="block text-amber-900">{t("approverSummary.flagOpen", { count: row.unacknowledged })}</span>
            ) : null}
          </>
        ) : (
          <span className="text-slate-600">{t("approverSummary.flagCount", { count: 0 })}</span>
        )}
      </td>
    </tr>
  );
});

/** Per employee the month's hours and pay against the last transferred month, windowed, with the company's total at its foot. */
export function EmployeeTable({ summary }: { summary: MonthSummary }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  const captionId = useId();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const { rows } = summary;
  const range = useVirtualRows({
    scroller,
    count: rows.length,
    rowHeight: ROW_HEIGHT,
    overscan: OVERSCAN,
    initialHeight: INITIAL_VIEWPORT,
    paddingStart: ABOVE_ROWS,
  });
  const comparing = summary.previous_period !== null;
  const now = formatMonthShort(locale, summary.period);
  const before = summary.previous_period ? formatMonthShort(locale, summary.previous_period) : "";
  const columns = 2 + FIGURES.length * (comparing ? 3 : 1);
  const caption = comparing
    ? t("approverSummary.employeesCaption", {
        month: formatMonth(locale, summary.period),
        previous: formatMonth(locale, summary.previous_period ?? ""),
      })
    : t("approverSummary.employeesCaptionAlone", { month: formatMonth(locale, summary.period) });
  return (
    <>
      <p id={hintId} className="sr-only">
        {t("approverSummary.scrollHint")}
      </p>
      <div
        ref={scroller}
        role="region"
        aria-label={t("approverSummary.employeesRegion", { count: rows.length })}
        aria-describedby={hintId}
        tabIndex={0}
        className="relative max-h-[70vh] max-w-full overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <table className="w-full min-w-max border-separate border-spacing-0 text-sm" aria-rowcount={rows.length + HEADER_ROWS + 1}>
          <caption id={captionId} className="px-2 py-2 text-left font-semibold">
            {caption}
          </caption>
          <thead className="sticky top-0 z-[2] bg-slate-100">
            <tr aria-rowindex={1}>
              <th scope="col" rowSpan={2} className="sticky left-0 z-[3] bg-slate-100 px-2 py-1 text-left">
                {t("approverSummary.employee")}
              </th>
              {FIGURES.map(({ key, label }) => (
                <th key={key} scope="colgroup" colSpan={comparing ? 3 : 1} className="border-l border-slate-200 px-2 py-1 text-center">
                  {t(`approverSummary.${label}`)}
                </th>
              ))}
              <th scope="col" rowSpan={2} className="border-l border-slate-200 px-2 py-1 text-left">
                {t("approverSummary.flags")}
              </th>
            </tr>
            <tr aria-rowindex={2}>
              {FIGURES.map(({ key }) => (
                <SubHeaders key={key} now={now} before={before} comparing={comparing} />
              ))}
            </tr>
          </thead>
          <tbody>
            {range.start > 0 ? (
              <tr aria-hidden="true" style={{ height: range.start * ROW_HEIGHT }}>
                <td colSpan={columns} />
              </tr>
            ) : null}
            {rows.slice(range.start, range.end).map((row, offset) => (
              <Row key={row.employee_id} row={row} index={range.start + offset} comparing={comparing} />
            ))}
            {range.end < rows.length ? (
              <tr aria-hidden="true" style={{ height: (rows.length - range.end) * ROW_HEIGHT }}>
                <td colSpan={columns} />
              </tr>
            ) : null}
          </tbody>
          <tfoot className="sticky bottom-0 z-[2] bg-slate-100 font-semibold">
            <tr aria-rowindex={rows.length + HEADER_ROWS + 1} data-totals="">
              <th scope="row" className="sticky left-0 z-[3] bg-slate-100 px-2 py-2 text-left">
                {t("approverSummary.allTotal")}
              </th>
              {FIGURES.map(({ key }) => (
                <FigureCells key={key} figure={key} value={summary.totals[key]} comparing={comparing} />
              ))}
              <td className="border-l border-slate-200 px-2">
                {t("approverSummary.flagCount", { count: summary.counts.blockers + summary.counts.warnings })}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

function SubHeaders({ now, before, comparing }: { now: string; before: string; comparing: boolean }) {
  const t = useTranslations() as Translate;
  return (
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
}
