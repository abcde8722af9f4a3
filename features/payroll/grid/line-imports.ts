import { isBlank, newLineId, type CellChange, type GridLine } from "./lines";
import { UndoHistory, type Step } from "./undo-history";

/**
 * The grid's commands that add lines for several employees at once (GridModel, model.ts, has the
 * others): lines from a file, and a line copied to other employees. Each is one undoable step.
 */
export class LineImports extends UndoHistory {
  /**
   * Lines from a file (features/payroll/entries/file-import), as one undoable step: an employee's only
   * line, when blank, takes their first; the others go after the employee's last line. Returns how many were added.
   */
  importLines(seeds: readonly { employeeId: number; cells: readonly string[] }[]): number {
    const last = new Map<number, { line: GridLine; at: number; count: number }>();
    this.lines.forEach((line, at) =>
      last.set(line.employeeId, { line, at, count: (last.get(line.employeeId)?.count ?? 0) + 1 }),
    );
    const width = this.spec.columns.length;
    const changes: CellChange[] = [];
    const inserts: { line: GridLine; at: number }[] = [];
    const filled = new Set<number>();
    for (const seed of seeds) {
      const own = last.get(seed.employeeId);
      if (!own) continue;
      const cells = Array.from({ length: width }, (_, col) => seed.cells[col] ?? "");
      if (own.count === 1 && isBlank(own.line.cells) && !filled.has(seed.employeeId)) {
        filled.add(seed.employeeId);
        cells.forEach((value, col) => changes.push({ line: own.line, col, value }));
      } else inserts.push({ line: { id: newLineId(), employeeId: seed.employeeId, cells, rev: 0 }, at: own.at + 1 });
    }
    const steps: Step[] = [];
    const cellStep = this.cellsStep(changes);
    if (cellStep) steps.push(cellStep);
    // Stable by position: an employee's lines keep the file's order; each earlier insert shifts the later ones by one.
    const sorted = inserts.map((insert, seq) => ({ ...insert, seq })).sort((a, b) => a.at - b.at || a.seq - b.seq);
    if (sorted.length)
      steps.push({
        kind: "insert",
        entries: sorted.map((entry, order) => ({ line: entry.line, index: entry.at + order })),
      });
    if (steps.length) this.record(steps.length === 1 && steps[0] ? steps[0] : { kind: "batch", steps });
    return filled.size + inserts.length;
  }

  /** Copies a line to other employees: into their line when it is their only one and blank, else as a new line after their last. */
  copyLineTo(source: GridLine, employeeIds: readonly number[]): number {
    const targets = new Set(employeeIds.filter((id) => id !== source.employeeId));
    const lastLine = new Map<number, GridLine>();
    const count = new Map<number, number>();
    for (const line of this.lines) {
      if (!targets.has(line.employeeId)) continue;
      lastLine.set(line.employeeId, line);
      count.set(line.employeeId, (count.get(line.employeeId) ?? 0) + 1);
    }
    const changes: CellChange[] = [];
    const inserts: { line: GridLine; afterLine: GridLine }[] = [];
    for (const employeeId of targets) {
      const last = lastLine.get(employeeId);
      if (!last) continue;
      if (count.get(employeeId) === 1 && isBlank(last.cells)) {
        source.cells.forEach((value, col) => changes.push({ line: last, col, value }));
      } else {
        inserts.push({ afterLine: last, line: { id: newLineId(), employeeId, cells: [...source.cells], rev: 0 } });
      }
    }
    const steps: Step[] = [];
    const cellStep = this.cellsStep(changes);
    if (cellStep) steps.push(cellStep);
    if (inserts.length) {
      const positions = new Map(this.lines.map((line, index) => [line, index]));
      const sorted = inserts
        .map((insert) => ({ line: insert.line, at: (positions.get(insert.afterLine) ?? this.lines.length - 1) + 1 }))
        .sort((a, b) => a.at - b.at);
      steps.push({
        kind: "insert",
        entries: sorted.map((entry, order) => ({ line: entry.line, index: entry.at + order })),
      });
    }
    if (steps.length) this.record(steps.length === 1 && steps[0] ? steps[0] : { kind: "batch", steps });
    return targets.size;
  }
}
