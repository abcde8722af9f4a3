"use client";

import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { errorMessage } from "@/components/ui/error-text";
import { importChecksApi } from "@/features/month-close/import-checks/client/api";
import { storedLinesOf } from "@/features/payroll/entries/stored-lines";
import type { ImportPlan } from "@/features/payroll/entries/file-import/plan";
import { fieldsOf, type StoredLine } from "@/features/payroll/entries/kinds";
import { payrollEntriesKeys } from "@/features/payroll/entries/query-keys";
import type { FileImportProps } from "./types";

/** The file's lines as the draft keeps them (ids of their own: they are not in the grid yet). */
function addedLines(plan: ImportPlan, fields: readonly string[]): StoredLine[] {
  return plan.lines.map((line) => ({
    id: `file-row-${line.row}`,
    employee_id: line.employeeId,
    values: Object.fromEntries(fields.flatMap((field, col) => (line.cells[col] ? [[field, line.cells[col]]] : []))),
  }));
}

/**
 * The month's checks (the Checks region's rules: hours a day and a month, minimum wage, duplicates,
 * no lines …) on the grid as it is and with the file's lines, as counts per rule: what the import
 * would add or settle, before anything is applied. Run on the server with the month's context.
 */
export function MonthChecksPreview({
  model,
  kind,
  companyId,
  period,
  plan,
  planKey,
}: FileImportProps & { plan: ImportPlan; planKey: string }) {
  const t = useTranslations();
  const titleId = useId();
  const checks = useQuery({
    queryKey: [...payrollEntriesKeys.scope(companyId, kind, period), "file-import-checks", planKey, model.version],
    queryFn: () =>
      importChecksApi.previewChecks({
        companyId,
        kind,
        period,
        lines: storedLinesOf(model),
        added: addedLines(plan, fieldsOf(kind)),
      }),
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

  return (
    <section aria-labelledby={titleId} aria-busy={checks.isPending}>
      <h4 id={titleId} className="font-semibold">
        {t("payrollEntries.fileImport.monthChecksTitle")}
      </h4>
      <div role="status" aria-live="polite">
        {checks.isPending ? <p>{t("payrollEntries.fileImport.monthChecksRunning")}</p> : null}
        {checks.isError ? (
          <p className="text-red-800">
            {t("payrollEntries.fileImport.monthChecksFailed", { error: errorMessage(t, checks.error) })}
          </p>
        ) : null}
        {checks.data && checks.data.rules.length === 0 ? <p>{t("payrollEntries.fileImport.monthChecksNone")}</p> : null}
      </div>
      {checks.data?.rules.length ? (
        <ul className="mt-1 space-y-0.5" data-testid="file-import-month-checks">
          {checks.data.rules.map((rule) => (
            <li
              key={rule.rule}
              data-severity={rule.severity}
              className={rule.severity === "blocker" ? "text-red-800" : undefined}
            >
              {t("payrollEntries.fileImport.monthCheckRule", {
                rule: t(`monthChecks.ruleNames.${rule.rule}`),
                severity: rule.severity,
                before: rule.before,
                after: rule.after,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
