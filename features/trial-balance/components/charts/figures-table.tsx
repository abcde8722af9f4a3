"use client";

import { useLocale, useTranslations } from "next-intl";
import type { Basis } from "@/features/trial-balance/query";
import { formatMoney, periodName } from "@/features/trial-balance/charts/labels";
import { lineOf, type ChartPeriod, type LineState } from "@/features/trial-balance/charts/series";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Table, TableCaption, TableCell, TableRow, TableRowHeader } from "@/components/ui/table";

/**
 * Figures per period as a real table: the chart's equivalent for screen readers and keyboard
 * users, and the exact amounts for everyone. A period that could not be read says so in words.
 */
export function FiguresTable({
  id,
  caption,
  periods,
  lines,
  prior,
  basis,
  currency,
}: {
  id?: string;
  caption: string;
  periods: readonly ChartPeriod[];
  lines: readonly LineState[];
  /** The prior year's line of each period; null or absent: no prior-year columns. */
  prior?: readonly LineState[] | null;
  basis: Basis;
  currency: string;
}) {
  const t = useTranslations("trialBalanceCharts");
  const locale = useLocale();
  const money = (cents: bigint) => formatMoney(locale, cents, currency);
  const missing = (state: LineState | undefined) => (
    <span className="text-slate-600 italic">{state === "pending" ? t("pending") : t("notAvailable")}</span>
  );
  const heads =
    basis === "closing"
      ? [t("closingDebit"), t("closingCredit"), t("closingBalance")]
      : [t("debit"), t("credit"), t("netMovement")];
  return (
    <ScrollRegion label={caption}>
      <Table
        id={id}
        density="compact"
        // Visible headings name the table already (and a caption would be as wide as the table on a phone).
        caption={<TableCaption hidden>{caption}</TableCaption>}
        columns={[
          t("period"),
          ...heads.map((head) => ({ label: head, numeric: true })),
          ...(prior ? [t("priorYear"), t("change")].map((head) => ({ label: head, numeric: true })) : []),
        ]}
      >
        {periods.map((period, index) => {
          const line = lineOf(lines[index]);
          const before = lineOf(prior?.[index]);
          return (
            <TableRow key={`${period.from}-${period.to}`}>
              <TableRowHeader className="whitespace-nowrap">
                {periodName(locale, period, (quarter, year) => t("quarter", { quarter: String(quarter), year }))}
              </TableRowHeader>
              {line ? (
                <>
                  <TableCell amount>{money(line.debit)}</TableCell>
                  <TableCell amount>{money(line.credit)}</TableCell>
                  <TableCell amount className="font-medium">
                    {money(line.net)}
                  </TableCell>
                </>
              ) : (
                <TableCell amount colSpan={3}>
                  {missing(lines[index])}
                </TableCell>
              )}
              {prior ? (
                <>
                  <TableCell amount>{before ? money(before.net) : missing(prior?.[index])}</TableCell>
                  <TableCell amount>
                    {before && line ? money(line.net - before.net) : missing(before ? lines[index] : prior?.[index])}
                  </TableCell>
                </>
              ) : null}
            </TableRow>
          );
        })}
      </Table>
    </ScrollRegion>
  );
}
