"use client";

import { useId } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { ImportPlan } from "@/features/payroll/entries/file-import/plan";
import { fieldsOf, type EntryKind } from "@/features/payroll/entries/kinds";
import { columnLabel, describeProblem } from "@/features/payroll/grid/messages";
import { MonthChecksPreview } from "./month-checks-preview";
import type { FileImportProps } from "./types";

/** Listed at most; beyond, the count (every problem is also in the grid's Problems once applied). */
const SHOWN_PROBLEMS = 50;
const SHOWN_UNMATCHED = 500;

interface PreviewStepProps {
  kind: EntryKind;
  /** The grid's side (model, company, month), for the month's checks. */
  grid: FileImportProps;
  /** Changes with the file and the mapping: the month's checks run again. */
  planKey: string;
  fileName: string;
  plan: ImportPlan;
  usedRemembered: boolean;
  onChangeMapping: () => void;
  onBack: () => void;
  onApply: () => void;
}

/** Step 3: what the file adds, the rows without an employee (listed, never dropped unseen) and the grid's checks, before anything is applied. */
export function PreviewStep({
  kind,
  grid,
  planKey,
  fileName,
  plan,
  usedRemembered,
  onChangeMapping,
  onBack,
  onApply,
}: PreviewStepProps) {
  const t = useTranslations();
  const locale = useLocale();
  const unmatchedId = useId();
  const problemsId = useId();
  const fields = fieldsOf(kind);
  const problems = plan.lines.flatMap((line) =>
    line.errors.flatMap((code, col) => (code ? [{ row: line.row, col, code }] : [])),
  );

  return (
    <div className="space-y-3 text-sm">
      {usedRemembered ? (
        <p className="flex flex-wrap items-center gap-2">
          {t("payrollEntries.fileImport.remembered", { file: fileName })}
          <Button variant="secondary" size="sm" onClick={onChangeMapping}>
            {t("payrollEntries.fileImport.changeMapping")}
          </Button>
        </p>
      ) : null}
      <p data-testid="file-import-summary">
        {t("payrollEntries.fileImport.summary", {
          lines: plan.lines.length,
          employees: plan.employeeCount,
          file: fileName,
        })}
      </p>

      <section aria-labelledby={problemsId}>
        <h4 id={problemsId} className="font-semibold">
          {t("payrollEntries.fileImport.problems", { count: plan.problemCount })}
        </h4>
        {problems.length ? (
          <ul className="mt-1 max-h-40 space-y-0.5 overflow-auto text-red-800">
            {problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
              <li key={`${problem.row}-${problem.col}`}>
                {t("payrollEntries.fileImport.problemAt", {
                  row: problem.row,
                  column: columnLabel(t, fields[problem.col] ?? ""),
                  message: describeProblem(t, problem.code, locale),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        {problems.length > SHOWN_PROBLEMS ? (
          <p>{t("payrollEntries.fileImport.moreProblems", { count: problems.length - SHOWN_PROBLEMS })}</p>
        ) : null}
      </section>

      <MonthChecksPreview {...grid} plan={plan} planKey={planKey} />

      {plan.unmatched.length ? (
        <section aria-labelledby={unmatchedId}>
          <h4 id={unmatchedId} className="font-semibold text-amber-900">
            {t("payrollEntries.fileImport.unmatchedTitle", { count: plan.unmatched.length })}
          </h4>
          <ul className="mt-1 max-h-40 space-y-0.5 overflow-auto">
            {plan.unmatched.slice(0, SHOWN_UNMATCHED).map((row) => (
              <li key={row.row}>
                {t(`payrollEntries.fileImport.unmatched.${row.reason}`, { row: row.row, value: row.value })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.emptyRows.length ? (
        <p>{t("payrollEntries.fileImport.emptyRows", { count: plan.emptyRows.length })}</p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onBack}>
          {t("payrollEntries.fileImport.back")}
        </Button>
        <Button size="sm" onClick={onApply} disabled={plan.lines.length === 0}>
          {t("payrollEntries.fileImport.apply", { count: plan.lines.length })}
        </Button>
      </div>
    </div>
  );
}
