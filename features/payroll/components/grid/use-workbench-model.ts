"use client";

import { useEffect, useState } from "react";
import { useStore } from "@/lib/store/use-store";
import { GridModel } from "@/features/payroll/grid/model";
import { gridSpecFor, rateProposer } from "@/features/payroll/entries/grid-spec";
import { fieldsOf, type EntryKind, type StoredLine } from "@/features/payroll/entries/kinds";

interface WorkbenchModelInput {
  kind: EntryKind;
  companyId: number;
  period: string;
  employees: { id: number }[];
  /** The draft's lines as the server rendered them (none without a draft). */
  lines: readonly StoredLine[];
  readOnly: boolean;
  rememberedRates: Record<string, Record<string, string>>;
}

function modelLines(kind: EntryKind, lines: readonly StoredLine[]) {
  const fields = fieldsOf(kind);
  return lines.map((line) => ({
    id: line.id,
    employeeId: line.employee_id,
    cells: fields.map((field) => line.values[field] ?? ""),
  }));
}

/**
 * The workbench's grid model: made once from what the server rendered, its version as React
 * sees it, and the locale followed. (Edits an earlier page left unsaved come back through the
 * draft saver: features/payroll/entries/client/draft-saver/local-backup.ts.)
 */
export function useWorkbenchModel(
  input: WorkbenchModelInput,
  locale: "en" | "de",
): { model: GridModel; version: number } {
  const { kind, period } = input;
  const [model] = useState(() => {
    const made = new GridModel(
      gridSpecFor(kind, period),
      { locale, month: period },
      input.employees.map((employee) => employee.id),
      modelLines(kind, input.lines),
    );
    made.readOnly = input.readOnly;
    made.propose = rateProposer(kind, input.rememberedRates);
    return made;
  });
  const version = useStore(model.versions, (versions) => versions.version);

  useEffect(() => {
    if (model.context.locale !== locale) model.setContext({ locale, month: period });
  }, [model, locale, period]);

  return { model, version };
}
