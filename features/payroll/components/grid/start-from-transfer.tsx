"use client";

import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatMonth } from "@/lib/i18n/format";
import type { GridModel } from "@/features/payroll/grid/model";
import { fieldsOf, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";

export interface StartFrom {
  /** The month the set was transferred for, `YYYY-MM`. */
  period: string;
  /** Its lines, dates already moved into this month (features/payroll/entries/server/less-typing.ts). */
  lines: StoredLine[];
  leftOut: number;
}

interface StartFromTransferProps {
  model: GridModel;
  /** The model's version: the offer goes as soon as the grid has content. */
  version: number;
  kind: EntryKind;
  period: string;
  startFrom: StartFrom | null;
  onStarted: (note: string) => void;
}

/**
 * While the month's grid has no content: "Start from last transfer (October 2026)" fills it with
 * the set last sent, as one undoable step that the draft saves (and the audit trail records) like
 * a paste. Never over content: the offer is gone once a cell is filled, and the model refuses too.
 */
export function StartFromTransfer({ model, version, kind, period, startFrom, onStarted }: StartFromTransferProps) {
  const t = useTranslations();
  const locale = useLocale();
  void version;
  if (!startFrom || model.readOnly || model.filledLines().length > 0) return null;
  const from = formatMonth(locale, startFrom.period);
  const start = () => {
    const fields = fieldsOf(kind);
    const lines = startFrom.lines.map((line) => ({
      employeeId: line.employee_id,
      cells: fields.map((field) => line.values[field] ?? ""),
    }));
    if (model.fillEmpty(lines)) onStarted(t("payrollEntries.startedFrom", { month: from, count: lines.length }));
  };
  return (
    <Notice tone="info">
      <p>
        {t("payrollEntries.startFromHint", {
          month: from,
          count: startFrom.lines.length,
          current: formatMonth(locale, period),
        })}
      </p>
      {startFrom.leftOut > 0 ? (
        <p className="text-sm">{t("payrollEntries.startFromLeftOut", { count: startFrom.leftOut })}</p>
      ) : null}
      <Button size="sm" className="mt-2" onClick={start}>
        {t("payrollEntries.startFrom", { month: from })}
      </Button>
    </Notice>
  );
}
