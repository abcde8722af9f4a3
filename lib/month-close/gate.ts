import { GridModel } from "@/lib/payroll-grid/model";
import { gridSpecFor } from "@/lib/payroll-entries/grid-spec";
import { fieldsOf, type EntryKind, type StoredLine } from "@/lib/payroll-entries/kinds";

/** A problem that stops submit and approval, named by kind, line and field (for the page to jump to). */
export interface Blocker {
  kind: EntryKind;
  lineId: string;
  employeeId: number;
  /** The field's key, or null for the line as a whole. */
  field: string | null;
  /** The validation's code (lib/payroll-entries/schemas.ts), as the grid shows it. */
  code: string;
}

export interface MonthLines {
  period: string;
  /** The company's employees' ids, in the grid's order. */
  employeeIds: readonly number[];
  hours: readonly StoredLine[];
  payments: readonly StoredLine[];
}

/** Blockers per kind listed at most (the page shows a count beyond that). */
const LIMIT = 200;

function validationBlockers(kind: EntryKind, month: MonthLines): Blocker[] {
  const fields = fieldsOf(kind);
  const lines = kind === "hours" ? month.hours : month.payments;
  const model = new GridModel(
    gridSpecFor(kind, month.period),
    { locale: "en", month: month.period },
    month.employeeIds,
    lines.map((line) => ({ id: line.id, employeeId: line.employee_id, cells: fields.map((field) => line.values[field] ?? "") })),
  );
  return model.invalidLinesInOrder(LIMIT).flatMap((line) =>
    model
      .outcome(line)
      .errors.flatMap((code, col) => (code ? [{ kind, lineId: line.id, employeeId: line.employeeId, field: fields[col] ?? null, code }] : [])),
  );
}

/**
 * The seam of the checks engine: what stops submit and approval. Today these are the grid's own
 * line validation (lib/payroll-grid/model.ts through the shared field schemas), both kinds; the
 * checks engine (lib/month-close/checks/) replaces this function's body with its blockers.
 * Pure and browser-safe, so the page can show the same list before submitting.
 */
export function blockersFor(month: MonthLines): Blocker[] {
  return [...validationBlockers("hours", month), ...validationBlockers("payments", month)];
}
