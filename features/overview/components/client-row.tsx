"use client";

import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { AssignableMember, OverviewRow } from "@/features/overview/types";
import { ClerkPicker } from "./clerk-picker";
import { ClientCell, ClientRow, ClientRowHeader } from "./clients-table-parts";
import { DeadlineCells, NextDateCell } from "./deadline-cells";
import { underReview } from "@/features/payroll/month-lock/states";

/** Texts the server hands over (so the page ships no whole namespace for them): month states and Länder by code. */
export interface RowTexts {
  states: Record<string, string>;
  lands: Record<string, string>;
}

/** Where a company's Land (and cut-off) is set: its page's settings. */
function companySettingsHref(row: Pick<OverviewRow, "companyId">): string {
  return `/payroll/companies/${row.companyId}#deadlines`;
}

/** Where the company's name leads: its approver's summary while in review or handed in (the firm reviews), else its page. */
function companyHref(row: OverviewRow): string {
  return underReview(row.state)
    ? `/payroll/companies/${row.companyId}/review?month=${row.period}`
    : `/payroll/companies/${row.companyId}`;
}

export function OverviewClientRow({
  row,
  texts,
  members,
  mayAssign,
  selected,
  onSelect,
  showConnection,
}: {
  row: OverviewRow;
  texts: RowTexts;
  members: AssignableMember[];
  mayAssign: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  showConnection: boolean;
}) {
  const t = useTranslations("overview");
  const locale = useLocale() as Locale;
  const who = [
    row.handedInBy ? t("handIn.handedInBy", { name: row.handedInBy }) : "",
    row.submittedBy ? t("submittedBy", { name: row.submittedBy }) : "",
    row.approvedBy ? t("approvedBy", { name: row.approvedBy }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <ClientRow
      data-company={row.companyId}
      data-connection={row.connectionId}
      data-state={row.state}
      data-overdue={row.overdue || undefined}
      data-waiting-for-firm={row.waitingForFirm || undefined}
      className={row.overdue ? "bg-red-50/40" : undefined}
    >
      <ClientCell className="max-md:float-right">
        <input
          type="checkbox"
          className="size-5"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t("selectRow", { name: row.name })}
        />
      </ClientCell>
      <ClientRowHeader>
        <Link href={companyHref(row)} className="font-medium text-blue-700 underline">
          {row.name}
        </Link>
        <span className="block text-xs text-slate-600">
          {showConnection ? `${row.connectionName} · ` : ""}#{row.companyId}
        </span>
        {row.landNotSet ? (
          <Link href={companySettingsHref(row)} className="block text-xs text-amber-900 underline" data-land="none">
            {t("landNotSet")}
            <span className="text-slate-600"> ({t("landNotSetHint")})</span>
          </Link>
        ) : (
          <span className="block text-xs text-slate-700" data-land={row.land ?? undefined}>
            {t("land", { land: row.land ? (texts.lands[row.land] ?? row.land) : "" })} (
            {t(`landSource.${row.landSource}`)})
          </span>
        )}
        {row.lastError ? (
          <span className="block text-xs text-red-800">{t("refreshFailed", { message: row.lastError })}</span>
        ) : null}
      </ClientRowHeader>
      <NextDateCell row={row} />
      {/* The payroll month above its state: one column less, so the table fits a laptop's width (in German too). */}
      <ClientCell label={t("columns.monthStatus")} data-month-state={row.shownState}>
        <span className="block text-xs whitespace-nowrap text-slate-700" data-period={row.period}>
          {formatMonth(locale, row.period)}
        </span>
        {texts.states[row.shownState] ?? row.shownState}
        {row.waitingForFirm ? (
          <span className="block text-xs font-semibold text-amber-900">{t("handIn.firmsTurn")}</span>
        ) : null}
      </ClientCell>
      <ClientCell
        label={t("columns.checks")}
        data-blockers={row.blockers ?? undefined}
        data-warnings={row.warnings ?? undefined}
      >
        {row.blockers === null || row.warnings === null ? (
          <span className="text-slate-600">{t("checksNone")}</span>
        ) : (
          <>
            <span aria-hidden="true" className={row.blockers > 0 ? "font-semibold text-red-800" : undefined}>
              {t("checksCounts", { blockers: row.blockers, warnings: row.warnings })}
            </span>
            <span className="sr-only">{t("checksLabel", { blockers: row.blockers, warnings: row.warnings })}</span>
          </>
        )}
      </ClientCell>
      <ClientCell label={t("columns.who")}>{who || t("nobody")}</ClientCell>
      <ClientCell label={t("columns.clerks")}>
        <ClerkPicker row={row} members={members} editable={mayAssign} />
      </ClientCell>
      <DeadlineCells row={row} />
    </ClientRow>
  );
}
