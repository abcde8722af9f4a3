"use client";

import { useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { Finding } from "@/features/month-close/checks";
import type { FlaggedLine, MonthSummary } from "@/features/month-close/summary/summary";
import { findingText } from "../finding-text";
import { Table, TableCaption, TableCell, TableRow, TableRowHeader } from "@/components/ui/table";

/** A rule with at most this many lines is shown unfolded; larger ones are one line with their count until opened. */
const UNFOLDED_UP_TO = 10;

/**
 * The month's flagged lines (the checks' blockers and warnings, as the grid pages list them), one
 * fold per rule with its count, each a table: where, what, and the warning's acknowledgement
 * (who, when, the note) or that it has none.
 */
export function FlaggedLines({ summary, companyId }: { summary: MonthSummary; companyId: number }) {
  const t = useTranslations() as Translate;
  const locale = useLocale() as Locale;
  const names = useMemo(() => new Map(summary.rows.map((row) => [row.employee_id, row.name])), [summary.rows]);
  const groups = useMemo(() => {
    const byRule = new Map<Finding["rule"], FlaggedLine[]>();
    for (const flagged of summary.flagged)
      byRule.set(flagged.finding.rule, [...(byRule.get(flagged.finding.rule) ?? []), flagged]);
    return [...byRule];
  }, [summary.flagged]);
  const counts = new Map(summary.counts.by_rule.map((rule) => [rule.rule, rule.count]));
  const { blockers, warnings, unacknowledged } = summary.counts;

  const where = (flagged: FlaggedLine) => {
    const employee = names.get(flagged.finding.employeeId) ?? `#${flagged.finding.employeeId}`;
    if (!flagged.line_number || !flagged.finding.kind) return t("monthChecks.employeeWhere", { employee });
    const kind = t(flagged.finding.kind === "payments" ? "monthChecks.kindPayments" : "monthChecks.kindHours");
    return t("monthChecks.lineWhere", { employee, kind, line: flagged.line_number });
  };

  return (
    <section aria-labelledby="flagged-title" className="space-y-3">
      <h2 id="flagged-title" className="text-xl font-semibold">
        {t("approverSummary.flaggedTitle")}
      </h2>
      <p data-testid="flagged-counts">
        {t("approverSummary.flaggedSummary", { blockers, warnings, open: unacknowledged })}
      </p>
      {groups.length === 0 ? <p>{t("approverSummary.flaggedNone")}</p> : null}
      {groups.map(([rule, lines]) => {
        const ruleName = t(`monthChecks.ruleNames.${rule}`);
        return (
          <details
            key={rule}
            open={lines.length <= UNFOLDED_UP_TO}
            className="rounded-lg border border-slate-200 bg-white"
            data-rule={rule}
          >
            <summary className="cursor-pointer px-3 py-2 font-medium">
              {t("approverSummary.ruleCount", { rule: ruleName, count: counts.get(rule) ?? lines.length })}
            </summary>
            <div className="max-w-full overflow-x-auto">
              <Table
                density="compact"
                caption={<TableCaption hidden>{t("approverSummary.flaggedCaption", { rule: ruleName })}</TableCaption>}
                columns={[
                  t("approverSummary.where"),
                  t("approverSummary.finding"),
                  t("approverSummary.acknowledgement"),
                ]}
              >
                {lines.map((flagged, index) => (
                  <TableRow key={index} className="align-top" data-severity={flagged.finding.severity}>
                    <TableRowHeader weight="medium">{where(flagged)}</TableRowHeader>
                    <TableCell className="break-words">{findingText(t, locale, flagged.finding)}</TableCell>
                    <TableCell className="break-words">
                      <Acknowledgement flagged={flagged} t={t} locale={locale} />
                    </TableCell>
                  </TableRow>
                ))}
              </Table>
            </div>
          </details>
        );
      })}
      {summary.flagged_unlisted ? (
        <p>
          {t("approverSummary.unlisted", { count: summary.flagged_unlisted })}{" "}
          <a href={`/payroll/companies/${companyId}/hours`} className="text-blue-700 underline">
            {t("approverSummary.openGrid")}
          </a>
        </p>
      ) : null}
    </section>
  );
}

function Acknowledgement({ flagged, t, locale }: { flagged: FlaggedLine; t: Translate; locale: Locale }) {
  if (flagged.finding.severity === "blocker")
    return <span className="font-medium text-red-800">{t("approverSummary.blocker")}</span>;
  const ack = flagged.acknowledgement;
  if (!ack) return <span className="font-medium text-amber-900">{t("approverSummary.notAcknowledged")}</span>;
  return (
    <span className="text-green-900">
      {t("approverSummary.acknowledged", {
        name: ack.userName,
        date: formatDate(locale, new Date(ack.createdAt), { dateStyle: "medium", timeStyle: "short" }),
        comment: ack.comment,
      })}
    </span>
  );
}
