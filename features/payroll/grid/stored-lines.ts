import type { StoredLine } from "@/features/payroll/entries/kinds";
import { isBlank, type GridLine, type GridModel } from "./model";

// Each line as stored, until the line changes (its `rev`): the checks copy all of the month's
// lines out of the grid after every edit (9,000 for the largest company), of which one changed.
const stored = new WeakMap<GridLine, { rev: number; line: StoredLine }>();

function storedLine(keys: readonly string[], line: GridLine): StoredLine {
  const cached = stored.get(line);
  if (cached?.rev === line.rev) return cached.line;
  const values: Record<string, string> = {};
  keys.forEach((key, col) => {
    if (line.cells[col]) values[key] = line.cells[col];
  });
  const made = { id: line.id, employee_id: line.employeeId, values };
  stored.set(line, { rev: line.rev, line: made });
  return made;
}

/**
 * The grid's lines as the draft API stores them (features/payroll/entries/schemas.ts): what the review
 * and the checks read. As the model's `snapshot`: every line but an employee's blank first line.
 * The objects are shared between calls: read them, never change them.
 */
export function storedLinesOf(model: GridModel): StoredLine[] {
  const keys = model.spec.columns.map((column) => column.key);
  const seen = new Set<number>();
  const result: StoredLine[] = [];
  for (const line of model.lines) {
    const first = !seen.has(line.employeeId);
    seen.add(line.employeeId);
    if (first && isBlank(line.cells)) continue;
    result.push(storedLine(keys, line));
  }
  return result;
}
