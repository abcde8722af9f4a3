"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatAmount } from "@/lib/i18n/format";
import { centsToDecimal } from "@/lib/money/decimal";
import type { GridModel } from "@/lib/payroll/grid/model";
import type { EntryKind } from "@/lib/payroll/entries/kinds";
import { typeLabels } from "@/lib/payroll/entries/labels";

/** The month's totals per type and in all, as the model keeps them (re-rendered with each edit). */
export function TotalsPanel({ model, kind }: { model: GridModel; kind: EntryKind }) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <section aria-labelledby="totals-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="totals-title" className="font-semibold">
        {t("payrollEntries.totalsTitle")}
      </h2>
      <table className="mt-2 w-full text-sm">
        <tbody>
          {Object.entries(typeLabels(kind)).map(([type, label]) => (
            <tr key={type}>
              <th scope="row" className="py-0.5 text-left font-normal">
                {label[locale]}
              </th>
              <td className="text-right tabular-nums">{formatAmount(locale, centsToDecimal(model.groupTotals.get(type) ?? 0n))}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-300 font-semibold">
            <th scope="row" className="py-0.5 text-left">
              {t("payrollEntries.grandTotal")}
            </th>
            <td className="text-right tabular-nums" data-testid="grand-total">
              {formatAmount(locale, centsToDecimal(model.grandTotal))}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
