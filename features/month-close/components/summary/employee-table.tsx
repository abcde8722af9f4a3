"use client";

import { memo, useId, useRef } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useVirtualRows } from "@/components/ui/use-virtual-rows";
import { formatMonth, formatMonthShort } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import { typeLabels } from "@/features/payroll/entries/labels";
import type { Compared, MonthSummary, SummaryRow } from "@/features/month-close/summary/summary";
import { Change, euros, hours, SubHeaders } from "./figures";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from "@/components/ui/table";

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

function shown(locale: Locale, figure: Figure, value: number): string {
  return figure === "worked_hours_micros" ? hours(locale, value) : euros(locale, value);
}

function FigureCells({ figure, value, comparing }: { figure: Figure; value: Compared; comparing: boolean }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  return (
    <>
      <TableCell amount className="border-l border-slate-200" data-figure={figure}>
        {shown(locale, figure, value.now)}
      </TableCell>
      {comparing ? (
        <>
          <TableCell amount className="text-slate-700">
            {value.before === null ? "–" : shown(locale, figure, value.before)}
          </TableCell>
          <TableCell amount data-change={figure}>
            <Change value={value} t={t} locale={locale} />
          </TableCell>
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
      t("approverSummary.hoursOfType", {
        type: labels[typed.type]?.[locale] ?? typed.type,
        hours: hours(locale, typed.hours_micros),
      }),
    )
    .join(" · ");
  const background = index % 2 ? "bg-slate-50" : "bg-white";
  return (
    <TableRow
      aria-rowindex={index + HEADER_ROWS + 1}
      data-employee={row.employee_id}
      style={{ height: ROW_HEIGHT }}
      className={background}
    >
      <TableRowHeader className={`sticky left-0 z-[1] max-w-[16rem] ${background}`}>
        <span className="block truncate font-medium" title={row.name}>
          {row.name} <span className="text-slate-600">({row.employee_id})</span>
        </span>
        {byType ? (
          <span className="block truncate text-xs text-slate-700" title={byType}>
            {byType}
          </span>
        ) : null}
      </TableRowHeader>
      {FIGURES.map(({ key }) => (
        <FigureCells key={key} figure={key} value={row[key]} comparing={comparing} />
      ))}
      <TableCell className="border-l border-slate-200 whitespace-nowrap" data-flagged={row.flagged}>
        {row.flagged ? (
          <>
            <span className="font-medium">{t("approverSummary.flagCount", { count: row.flagged })}</span>
            {row.unacknowledged ? (
              <span className="block text-amber-900">
                {t("approverSummary.flagOpen", { count: row.unacknowledged })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-slate-600">{t("approverSummary.flagCount", { count: 0 })}</span>
        )}
      </TableCell>
    </TableRow>
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
        <Table
          density="compact"
          sticky
          className="min-w-max"
          aria-rowcount={rows.length + HEADER_ROWS + 1}
          caption={<TableCaption id={captionId}>{caption}</TableCaption>}
        >
          <TableHeader className="sticky top-0 z-[2]">
            <tr aria-rowindex={1}>
              <TableHead rowSpan={2} className="sticky left-0 z-[3] bg-slate-100">
                {t("approverSummary.employee")}
              </TableHead>
              {FIGURES.map(({ key, label }) => (
                <TableHead
                  key={key}
                  scope="colgroup"
                  colSpan={comparing ? 3 : 1}
                  className="border-l border-slate-200 text-center"
                >
                  {t(`approverSummary.${label}`)}
                </TableHead>
              ))}
              <TableHead rowSpan={2} className="border-l border-slate-200">
                {t("approverSummary.flags")}
              </TableHead>
            </tr>
            <tr aria-rowindex={2}>
              {FIGURES.map(({ key }) => (
                <SubHeaders key={key} now={now} before={before} comparing={comparing} />
              ))}
            </tr>
          </TableHeader>
          <TableBody>
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
          </TableBody>
          <TableFooter className="sticky bottom-0 z-[2]">
            <tr aria-rowindex={rows.length + HEADER_ROWS + 1} data-totals="">
              <TableRowHeader weight="semibold" className="sticky left-0 z-[3] bg-slate-100">
                {t("approverSummary.allTotal")}
              </TableRowHeader>
              {FIGURES.map(({ key }) => (
                <FigureCells key={key} figure={key} value={summary.totals[key]} comparing={comparing} />
              ))}
              <TableCell className="border-l border-slate-200">
                {t("approverSummary.flagCount", { count: summary.counts.blockers + summary.counts.warnings })}
              </TableCell>
            </tr>
          </TableFooter>
        </Table>
      </div>
    </>
  );
}
