"use client";

import { useMemo } from "react";
import { useTranslations } from "next-intl";
import type { GridLine, GridModel } from "@/features/payroll/grid/model";

interface ProblemsPanelProps {
  model: GridModel;
  /** The model's version: the lists follow every edit. */
  version: number;
  employees: ReadonlyMap<number, string>;
  columnLabels: readonly string[];
  describe: (code: string) => string;
  /** Selects the cell of a problem in the grid. */
  onSelect: (lineId: string, col: number) => void;
}

/** Cells that fail the schemas, and what the service refused: each a link to its cell. */
export function ProblemsPanel({ model, version, employees, columnLabels, describe, onSelect }: ProblemsPanelProps) {
  const t = useTranslations();
  const problems = useMemo(() => {
    void version;
    const list: { line: GridLine; col: number; message: string }[] = [];
    for (const line of model.invalidLinesInOrder(50)) {
      model.outcome(line).errors.forEach((error, col) => {
        if (error) list.push({ line, col, message: describe(error) });
      });
    }
    return list;
  }, [model, version, describe]);
  const serviceProblems = useMemo(() => {
    void version;
    return model
      .linesWithServiceIssues()
      .flatMap((line) => model.issuesOf(line).map((issue) => ({ line, col: issue.col, message: issue.message })));
  }, [model, version]);
  const who = (line: GridLine) => employees.get(line.employeeId) ?? `#${line.employeeId}`;

  return (
    <section aria-labelledby="problems-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="problems-title" className="font-semibold">
        {t("payrollEntries.problemsTitle", { count: model.problemCount })}
      </h2>
      {problems.length === 0 && serviceProblems.length === 0 ? (
        <p className="text-sm text-slate-600">{t("payrollEntries.problemsNone")}</p>
      ) : null}
      <ul className="mt-2 space-y-1 text-sm">
        {problems.map((problem) => (
          <li key={`${problem.line.id}-${problem.col}`}>
            <button
              type="button"
              className="text-left text-red-800 underline"
              onClick={() => onSelect(problem.line.id, problem.col)}
            >
              {t("payrollEntries.problemAt", {
                employee: who(problem.line),
                column: columnLabels[problem.col] ?? "",
                message: problem.message,
              })}
            </button>
          </li>
        ))}
      </ul>
      {serviceProblems.length ? (
        <>
          <h3 className="mt-3 font-semibold">{t("payrollEntries.serviceProblemsTitle")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {serviceProblems.slice(0, 50).map((problem, index) => (
              <li key={`${problem.line.id}-${problem.col}-${index}`}>
                <button
                  type="button"
                  className="text-left text-red-800 underline"
                  onClick={() => onSelect(problem.line.id, problem.col)}
                >
                  {t("payrollEntries.problemAt", {
                    employee: who(problem.line),
                    column: problem.col >= 0 ? (columnLabels[problem.col] ?? "") : t("payrollEntries.employee"),
                    message: problem.message,
                  })}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
