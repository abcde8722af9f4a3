"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDay } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { OverviewRow } from "@/features/overview/types";
import { ClientCell } from "./clients-table-parts";

/**
 * The row's dates: the firm's cut-off, the contribution statement with its last day to send,
 * contributions due, the wage tax return; and (`NextDateCell`, beside the company) the next of them
 * with the days left. Overdue is said in words (and marked in colour besides), never by colour alone.
 */
export function DeadlineCells({ row }: { row: OverviewRow }) {
  const t = useTranslations("overview");
  const locale = useLocale() as Locale;
  const day = (date: string) => formatDay(locale, date);
  const isNext = (kind: NonNullable<OverviewRow["nextDate"]>["kind"]) => row.nextDate?.kind === kind;
  const mark = (kind: NonNullable<OverviewRow["nextDate"]>["kind"]) => (isNext(kind) ? "font-semibold" : undefined);
  return (
    <>
      <ClientCell label={t("columns.cutOff")} className={mark("cut_off")} data-date={row.cutOff}>
        <time dateTime={row.cutOff}>{day(row.cutOff)}</time>
        {row.cutOffSource === "company" ? (
          <span className="block text-xs text-slate-600">{t("cutOffSource.company")}</span>
        ) : null}
      </ClientCell>
      <ClientCell
        label={t("columns.contributionStatement")}
        className={mark("contribution_statement")}
        data-date={row.contributionStatement}
        data-last-day={row.statementLastDay}
      >
        <time dateTime={row.contributionStatement}>{day(row.contributionStatement)}</time>
        <span className="block text-xs text-slate-700">{t("sendBy", { date: day(row.statementLastDay) })}</span>
      </ClientCell>
      <ClientCell
        label={t("columns.contributionsDue")}
        className={mark("contributions_due")}
        data-date={row.contributionsDue}
      >
        <time dateTime={row.contributionsDue}>{day(row.contributionsDue)}</time>
      </ClientCell>
      <ClientCell label={t("columns.wageTaxReturn")} className={mark("wage_tax_return")} data-date={row.wageTaxReturn}>
        <time dateTime={row.wageTaxReturn}>{day(row.wageTaxReturn)}</time>
      </ClientCell>
    </>
  );
}

export function NextDateCell({ row }: { row: OverviewRow }) {
  const t = useTranslations("overview");
  const locale = useLocale() as Locale;
  return (
    <ClientCell
      label={t("columns.next")}
      data-col="next"
      className="md:min-w-36"
      data-overdue={row.overdue || undefined}
      data-days-left={row.nextDate?.daysLeft}
    >
      {row.overdue ? (
        <strong className="block rounded bg-red-50 px-1 font-semibold text-red-800 ring-1 ring-red-300">
          {row.overdueDays !== null ? t("overdueBy", { days: row.overdueDays }) : t("overdue")}
        </strong>
      ) : null}
      {row.nextDate ? (
        <span className="block">
          {t(`nextKind.${row.nextDate.kind}`)}:{" "}
          <time dateTime={row.nextDate.date}>{formatDay(locale, row.nextDate.date)}</time>,{" "}
          <span className={row.nextDate.daysLeft <= 3 ? "font-semibold text-amber-900" : undefined}>
            {t("daysLeft", { days: row.nextDate.daysLeft })}
          </span>
        </span>
      ) : (
        <span className="block text-slate-600">{t("noDate")}</span>
      )}
    </ClientCell>
  );
}
