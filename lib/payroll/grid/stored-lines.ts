import type { StoredLine } from "@/lib/payroll/entries/kinds";
import type { GridModel } from "./model";

/** The grid's lines as the draft API stores them (lib/payroll/entries/schemas.ts): what the review and the checks read. */
export function storedLinesOf(model: GridModel): StoredLine[] {
  const keys = model.spec.columns.map((column) => column.key);
  return model.snapshot().map((line) => ({
    id: line.id,
    employee_id: line.employeeId,
    values: Object.fromEntries(keys.flatMap((key, col) => (line.cells[col] ? [[key, line.cells[col]]] : []))),
  }));
}
