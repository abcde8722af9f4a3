"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { GridModel } from "@/lib/payroll-grid/model";
import { gridSpecFor, rateProposer } from "@/lib/payroll-entries/grid-spec";
import { fieldsOf, type EntryKind, type StoredLine } from "@/lib/payroll-entries/kinds";
import { storedLinesOf } from "./draft-body";
import { handoffKey, takeUnsavedDraft } from "./draft-handoff";

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
  return lines.map((line) => ({ id: line.id, employeeId: line.employee_id, cells: fields.map((field) => line.values[field] ?? "") }));
}

/**
 * The workbench's grid model: made once from what the server rendered, its version as React
 * sees it, the locale followed, and what this tab's previous page of the draft left unsaved.
 */
export function useWorkbenchModel(input: WorkbenchModelInput, locale: "en" | "de"): { model: GridModel; version: number } {
  const { kind, companyId, period } = input;
  const [model] = useState(() => {
    const made = new GridModel(gridSpecFor(kind, period), { locale, month: period }, input.employees.map((employee) => employee.id), modelLines(kind, input.lines));
    made.readOnly = input.readOnly;
    made.propose = rateProposer(kind, input.rememberedRates);
    return made;
  });
  const version = useSyncExternalStore(model.subscribe, () => model.version, () => model.version);

  useEffect(() => {
    if (model.context.locale !== locale) model.setContext({ locale, month: period });
  }, [model, locale, period]);

  // What this tab's previous page of the draft left unsaved moments ago, when the server rendered
  // this page before that page's last save was stored (see draft-handoff.ts): shown, and saved.
  useEffect(() => {
    if (model.readOnly) return;
    const lines = takeUnsavedDraft(handoffKey(companyId, kind, period));
    if (lines && JSON.stringify(lines) !== JSON.stringify(storedLinesOf(model))) model.replaceLines(modelLines(kind, lines));
  }, [model, companyId, kind, period]);

  return { model, version };
}
