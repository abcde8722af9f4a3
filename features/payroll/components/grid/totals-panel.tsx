"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatAmount } from "@/lib/i18n/format";
import { centsToDecimal } from "@/lib/money/decimal";
import type { GridModel } from "@/features/payroll/grid/model";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import { typeLabels } from "@/features/payroll/entries/labels";
import { Table, TableBody, TableCell, TableRow, TableRowHeader } from "@/components/ui/table";

/** The month's totals per type and in all, as the model keeps them (re-rendered with each edit). */
export function TotalsPanel({ model, kind }: { model: GridModel; kind: EntryKind }) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <section aria-labelledby="totals-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="totals-title" className="font-semibold">
        {t("payrollEntries.totalsTitle")}
      </h2>
      <Table density="compact" className="mt-2" aria-labelledby="totals-title">
        <TableBody>
          {Object.entries(typeLabels(kind)).map(([type, label]) => (
            <TableRow key={type}>
              <TableRowHeader>{label[locale]}</TableRowHeader>
              <TableCell amount>{formatAmount(locale, centsToDecimal(model.groupTotals.get(type) ?? 0n))}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableRowHeader weight="semibold">{t("payrollEntries.grandTotal")}</TableRowHeader>
            <TableCell amount className="font-semibold" data-testid="grand-total">
              {formatAmount(locale, centsToDecimal(model.grandTotal))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
