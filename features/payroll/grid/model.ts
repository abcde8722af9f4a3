import { editBaseKey, newLineId, type CellChange, type GridLine, type LineSeed, type PasteResult } from "./lines";
import { LineImports } from "./line-imports";
import { canonicalize } from "./locale-input";
import type { Step } from "./undo-history";

export type { CellChange, GridLine, GridSpec, LineOutcome, PasteResult, RemoteLineChange, ServiceIssue } from "./lines";
export { editBaseKey, isBlank } from "./lines";

/**
 * The grid's state: lines grouped by employee in the employees' order, each line's validation
 * outcome, totals per employee and per group (line-book.ts), and the undo/redo history
 * (undo-history.ts); the commands adding lines for several employees are in line-imports.ts.
 * Every command here touches only the lines it changes (validation and totals are incremental)
 * and is one undo step. Subscribers are told after each command; `version`
 * changes with every command, `structureVersion` only when lines were added, removed or reordered.
 */
export class GridModel extends LineImports {
  /**
   * Values proposed for a line's empty cells once a person typed into `col` (the page's remembered
   * rates: features/payroll/entries/grid-spec.ts `rateProposer`); set with the typed value, one undo step.
   */
  propose:
    ((employeeId: number, cells: readonly string[], col: number) => readonly { col: number; value: string }[]) | null =
    null;
  /**
   * Live co-editing: per cell (`editBaseKey`), the value an edit began from when the cell changed
   * under it (someone else's save shown while the cell's editor was open, or an edit restored
   * after a reload). The draft's save names it as the cell's base, so that the change meets the
   * other person's as a conflict instead of overwriting it unseen. The saver forgets an entry
   * once the cell is saved or back at the saved value.
   */
  readonly editBases = new Map<string, string>();

  /** Replaces every line (a month started from the last transfer): one undoable step, saved like any other. */
  replaceLines(initial: readonly LineSeed[]): void {
    const removals = this.lines.map((line, index) => ({ line, index }));
    const fresh = this.arrange(initial);
    this.record({
      kind: "batch",
      steps: [
        { kind: "remove", entries: removals },
        { kind: "insert", entries: fresh.map((line, index) => ({ line, index })) },
      ],
    });
  }

  /**
   * Sets cells from typed text (canonicalised per column), with what `propose` offers for the
   * line's empty cells. `startedFrom`: the cell's value when its editor opened; when the cell
   * changed meanwhile (someone else's save shown), the edit is based on that value (`editBases`).
   */
  setText(line: GridLine, col: number, text: string, startedFrom?: string): void {
    const column = this.spec.columns[col];
    if (!column) return;
    const value = canonicalize(column, text, this.context);
    const current = line.cells[col] ?? "";
    const key = editBaseKey(line.id, col);
    if (
      !this.readOnly &&
      startedFrom !== undefined &&
      startedFrom !== current &&
      value !== current &&
      !this.editBases.has(key)
    )
      this.editBases.set(key, startedFrom);
    const changes: CellChange[] = [{ line, col, value }];
    if (this.propose && value !== line.cells[col]) {
      const cells = line.cells.map((cell, index) => (index === col ? value : cell));
      // Never over something already there: a proposal only fills an empty cell.
      for (const proposal of this.propose(line.employeeId, cells, col))
        if (proposal.col !== col && cells[proposal.col] === "")
          changes.push({ line, col: proposal.col, value: proposal.value });
    }
    this.record(this.cellsStep(changes));
  }

  /**
   * Fills a grid without content with these lines (a month started from the last transfer): one
   * undoable step, saved like any other. Refused (false, nothing changed) when any line has content.
   */
  fillEmpty(initial: readonly { employeeId: number; cells: readonly string[] }[]): boolean {
    if (this.readOnly || this.filledLines().length > 0 || initial.length === 0) return false;
    this.replaceLines(initial.map((line) => ({ employeeId: line.employeeId, cells: line.cells })));
    return true;
  }

  /** Sets canonical values as they are (no parsing). */
  setValues(changes: readonly CellChange[]): void {
    this.record(this.cellsStep(changes));
  }

  /**
   * Pastes a block at (rows[anchor], col). Rows go down the given (visible) lines; what does
   * not fit is counted, not wrapped. A single value pasted onto a larger selection fills it.
   */
  paste(
    rows: readonly GridLine[],
    anchor: number,
    col: number,
    block: readonly (readonly string[])[],
    fill?: { rowCount: number; colCount: number },
  ): PasteResult {
    const width = this.spec.columns.length;
    const single = block.length === 1 && block[0]?.length === 1;
    const height = single && fill ? fill.rowCount : block.length;
    const blockWidth = single && fill ? fill.colCount : Math.max(0, ...block.map((row) => row.length));
    const changes: CellChange[] = [];
    let skippedRows = 0;
    for (let r = 0; r < height; r += 1) {
      const line = rows[anchor + r];
      if (!line) {
        skippedRows += 1;
        continue;
      }
      const source = single ? block[0] : block[r];
      for (let c = 0; c < blockWidth; c += 1) {
        const target = col + c;
        const column = this.spec.columns[target];
        if (!column) break;
        const text = single ? (source?.[0] ?? "") : (source?.[c] ?? "");
        changes.push({ line, col: target, value: canonicalize(column, text, this.context) });
      }
    }
    this.record(this.cellsStep(changes));
    return { cells: changes.length, skippedRows, skippedColumns: Math.max(0, col + blockWidth - width) };
  }

  /** Copies the top row of the range into the rows below it; a one-row range copies from the row above. */
  fillDown(rows: readonly GridLine[], top: number, bottom: number, left: number, right: number): void {
    const sourceRow = top === bottom ? top - 1 : top;
    const source = rows[sourceRow];
    if (!source) return;
    const changes: CellChange[] = [];
    for (let r = sourceRow + 1; r <= bottom; r += 1) {
      const line = rows[r];
      if (!line) continue;
      for (let c = left; c <= right; c += 1) changes.push({ line, col: c, value: source.cells[c] ?? "" });
    }
    this.record(this.cellsStep(changes));
  }

  clear(rows: readonly GridLine[], top: number, bottom: number, left: number, right: number): void {
    const changes: CellChange[] = [];
    for (let r = top; r <= bottom; r += 1) {
      const line = rows[r];
      if (line) for (let c = left; c <= right; c += 1) changes.push({ line, col: c, value: "" });
    }
    this.record(this.cellsStep(changes));
  }

  /** A new line for the same employee right below `after`; returns it. */
  insertLineAfter(after: GridLine, cells?: readonly string[]): GridLine {
    const width = this.spec.columns.length;
    const line: GridLine = {
      id: newLineId(),
      employeeId: after.employeeId,
      cells: Array.from({ length: width }, (_, col) => cells?.[col] ?? ""),
      rev: 0,
    };
    const index = this.lines.indexOf(after) + 1;
    this.record({ kind: "insert", entries: [{ line, index }] });
    return line;
  }

  /** Removes lines; an employee's last line is cleared instead, so every employee keeps a row. */
  removeLines(targets: readonly GridLine[]): void {
    const doomed = new Set(targets);
    const remaining = new Map<number, number>();
    for (const line of this.lines)
      if (!doomed.has(line)) remaining.set(line.employeeId, (remaining.get(line.employeeId) ?? 0) + 1);
    const removals: { line: GridLine; index: number }[] = [];
    const clears: CellChange[] = [];
    const keptFor = new Set<number>();
    this.lines.forEach((line, index) => {
      if (!doomed.has(line)) return;
      if (!remaining.get(line.employeeId) && !keptFor.has(line.employeeId)) {
        keptFor.add(line.employeeId);
        line.cells.forEach((_, col) => clears.push({ line, col, value: "" }));
        return;
      }
      removals.push({ line, index });
    });
    // Original indices, ascending: removal runs backwards over them, re-insertion forwards.
    const steps: Step[] = [];
    const clearStep = this.cellsStep(clears);
    if (clearStep) steps.push(clearStep);
    if (removals.length) steps.push({ kind: "remove", entries: removals });
    if (steps.length) this.record(steps.length === 1 && steps[0] ? steps[0] : { kind: "batch", steps });
  }
}
