"use client";

import { useCallback, useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { GridLine, GridModel } from "@/features/payroll/grid/model";
import { columnLabel, describeProblem } from "@/features/payroll/grid/messages";

/** The grid's words in the page's language: column labels, a problem's text, and each cell's label for assistive technology. */
export function useGridLabels(model: GridModel, employees: ReadonlyMap<number, string>) {
  const t = useTranslations();
  const locale = useLocale();
  const columnLabels = useMemo(() => model.spec.columns.map((column) => columnLabel(t, column.key)), [model, t]);
  const describe = useCallback((code: string) => describeProblem(t, code, locale), [t, locale]);
  const cellLabel = useCallback(
    (col: number, line: GridLine, lineNumber: number) =>
      t("payrollEntries.cellLabel", {
        column: columnLabels[col] ?? "",
        employee: employees.get(line.employeeId) ?? `#${line.employeeId}`,
        line: lineNumber,
      }),
    [t, columnLabels, employees],
  );
  return { columnLabels, describe, cellLabel };
}
