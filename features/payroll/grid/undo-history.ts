import { LineBook } from "./line-book";
import type { CellChange, GridLine, RemoteLineChange } from "./lines";

export type Step =
  | { kind: "cells"; changes: { line: GridLine; col: number; before: string; after: string }[] }
  | { kind: "insert"; entries: { line: GridLine; index: number }[] }
  | { kind: "remove"; entries: { line: GridLine; index: number }[] }
  | { kind: "batch"; steps: Step[] };

const UNDO_LIMIT = 200;

/**
 * The grid's undo and redo: every command (model.ts) is one step, applied here and kept (the last
 * 200). Lines others saved (`applyRemote`) are no step, and drop the steps that touch them. A
 * reader's grid (`readOnly`) refuses every command, in `record`.
 */
export class UndoHistory extends LineBook {
  /** Set for a person whose workspace role may not edit: every command changes nothing. */
  readOnly = false;
  private undoStack: Step[] = [];
  private redoStack: Step[] = [];

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  undo(): boolean {
    const step = this.undoStack.pop();
    if (!step) return false;
    const structural = this.apply(step, "undo");
    this.redoStack.push(step);
    this.changed(structural);
    return true;
  }

  redo(): boolean {
    const step = this.redoStack.pop();
    if (!step) return false;
    const structural = this.apply(step, "do");
    this.undoStack.push(step);
    this.changed(structural);
    return true;
  }

  /**
   * Lines as someone else saved them (live co-editing): set, added (after the employee's last
   * line) or removed, as no undo step of this person's. Undo steps that touch those lines are
   * dropped: undoing one would overwrite the other person's change without either seeing it.
   */
  applyRemote(changes: readonly RemoteLineChange[]): void {
    if (!changes.length) return;
    const width = this.spec.columns.length;
    const touched = new Set<GridLine>();
    let structural = false;
    for (const change of changes) {
      const existing = this.byId.get(change.id);
      if (change.deleted) {
        if (!existing) continue;
        this.lines.splice(this.lines.indexOf(existing), 1);
        this.byId.delete(existing.id);
        this.serviceIssues.delete(existing.id);
        this.forget(existing);
        touched.add(existing);
        structural = true;
      } else if (existing) {
        for (let col = 0; col < width; col += 1) existing.cells[col] = change.cells[col] ?? "";
        existing.rev += 1;
        this.serviceIssues.delete(existing.id);
        this.evaluate(existing);
        touched.add(existing);
      } else {
        const line: GridLine = {
          id: change.id,
          employeeId: change.employeeId,
          cells: Array.from({ length: width }, (_, col) => change.cells[col] ?? ""),
          rev: 0,
        };
        this.lines.splice(this.insertionIndex(change.employeeId), 0, line);
        this.byId.set(line.id, line);
        this.evaluate(line);
        touched.add(line);
        structural = true;
      }
    }
    this.forgetStepsOf(touched);
    this.changed(structural);
  }

  /** Where a new line of `employeeId` goes: after the employee's last line, else before the first employee ranked after them. */
  private insertionIndex(employeeId: number): number {
    const rank = this.rankOf(employeeId);
    let index = this.lines.length;
    for (let at = this.lines.length - 1; at >= 0; at -= 1) {
      const line = this.lines[at]!;
      if (line.employeeId === employeeId) return at + 1;
      if (this.rankOf(line.employeeId) > rank) index = at;
    }
    return index;
  }

  protected record(step: Step | null): void {
    // A reader's grid (a viewer's role): every command is refused here, in one place.
    if (!step || this.readOnly) return;
    const structural = this.apply(step, "do");
    this.undoStack.push(step);
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.changed(structural);
  }

  /** Drops the steps that touch these lines: undoing one would overwrite someone else's change without either seeing it. */
  private forgetStepsOf(touched: ReadonlySet<GridLine>): void {
    const untouched = (step: Step): boolean => {
      switch (step.kind) {
        case "cells":
          return step.changes.every((change) => !touched.has(change.line));
        case "insert":
        case "remove":
          return step.entries.every((entry) => !touched.has(entry.line));
        case "batch":
          return step.steps.every(untouched);
      }
    };
    this.undoStack = this.undoStack.filter(untouched);
    this.redoStack = this.redoStack.filter(untouched);
  }

  /** The step that sets these cells (a cell named twice takes its last value), or null when none changes. */
  protected cellsStep(changes: readonly CellChange[]): Step | null {
    const effective: { line: GridLine; col: number; before: string; after: string }[] = [];
    const seen = new Map<string, number>();
    for (const { line, col, value } of changes) {
      const key = `${line.id}:${col}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        const previous = effective[earlier];
        if (previous) previous.after = value;
        continue;
      }
      const before = line.cells[col] ?? "";
      seen.set(key, effective.length);
      effective.push({ line, col, before, after: value });
    }
    const real = effective.filter((change) => change.before !== change.after);
    return real.length ? { kind: "cells", changes: real } : null;
  }

  private applyCells(changes: readonly { line: GridLine; col: number; value: string }[]): void {
    const touched = new Set<GridLine>();
    for (const { line, col, value } of changes) {
      line.cells[col] = value;
      touched.add(line);
    }
    for (const line of touched) {
      line.rev += 1;
      this.serviceIssues.delete(line.id);
      this.evaluate(line);
    }
  }

  private apply(step: Step, direction: "do" | "undo"): boolean {
    switch (step.kind) {
      case "cells":
        this.applyCells(
          step.changes.map((change) => ({
            line: change.line,
            col: change.col,
            value: direction === "do" ? change.after : change.before,
          })),
        );
        return false;
      case "insert":
      case "remove": {
        const inserting = (step.kind === "insert") === (direction === "do");
        if (inserting) {
          for (const { line, index } of step.entries) {
            this.lines.splice(index, 0, line);
            this.byId.set(line.id, line);
            this.evaluate(line);
          }
        } else {
          for (const { line, index } of [...step.entries].reverse()) {
            this.lines.splice(index, 1);
            this.byId.delete(line.id);
            this.forget(line);
          }
        }
        return true;
      }
      case "batch": {
        let structural = false;
        const steps = direction === "do" ? step.steps : [...step.steps].reverse();
        for (const inner of steps) structural = this.apply(inner, direction) || structural;
        return structural;
      }
    }
  }
}
