import type { GridColumn, InputContext } from "./columns";
import { canonicalize } from "./locale-input";

/** One entry line of an employee: cells hold canonical values (or text as typed when unreadable). */
export interface GridLine {
  readonly id: string;
  readonly employeeId: number;
  cells: string[];
  /** Bumped on every change of the line: what a row's memo compares. */
  rev: number;
}

/** What validation and computation say about one line. */
export interface LineOutcome {
  /** Per column: an error code (see the column's schema) or null. */
  errors: readonly (string | null)[];
  /** The computed amount in cents, or null when it cannot be computed. */
  cents: bigint | null;
  /** The group the amount is summed under (the line's type), or null. */
  group: string | null;
}

export interface GridSpec {
  columns: readonly GridColumn[];
  /** Validates and computes a whole line; called only for lines that changed (cells may depend on each other). */
  evaluate(cells: readonly string[]): LineOutcome;
}

export interface CellChange {
  line: GridLine;
  col: number;
  value: string;
}

type Step =
  | { kind: "cells"; changes: { line: GridLine; col: number; before: string; after: string }[] }
  | { kind: "insert"; entries: { line: GridLine; index: number }[] }
  | { kind: "remove"; entries: { line: GridLine; index: number }[] }
  | { kind: "batch"; steps: Step[] };

export interface PasteResult {
  cells: number;
  skippedRows: number;
  skippedColumns: number;
}

/** A line as someone else saved it, for `applyRemote`. */
export interface RemoteLineChange {
  id: string;
  employeeId: number;
  cells: readonly string[];
  deleted: boolean;
}

export interface ServiceIssue {
  lineId: string;
  /** Column index, or -1 for the line as a whole. */
  col: number;
  message: string;
}

const BLANK_OUTCOME: LineOutcome = { errors: [], cents: null, group: null };
const NO_ISSUES: readonly ServiceIssue[] = [];
const UNDO_LIMIT = 200;

let lineCounter = 0;
export function newLineId(): string {
  lineCounter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `l${Date.now().toString(36)}${lineCounter.toString(36)}${random}`;
}

/** A cell's key in `GridModel.editBases`. */
export function editBaseKey(lineId: string, col: number): string {
  return `${lineId}\t${col}`;
}

export function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell === "");
}

/**
 * The grid's state: lines grouped by employee in the employees' order, each line's validation
 * outcome, totals per employee and per group, and the undo/redo history. Every command touches
 * only the lines it changes (validation and totals are incremental) and is one undo step.
 * Subscribers are told after each command; `version` changes with every command,
 * `structureVersion` only when lines were added, removed or reordered.
 */
export class GridModel {
  readonly spec: GridSpec;
  context: InputContext;
  lines: GridLine[] = [];
  /** Set for a person whose workspace role may not edit: every command changes nothing. */
  readOnly = false;
  /**
   * Values proposed for a line's empty cells once a person typed into `col` (the page's remembered
   * rates: lib/payroll/entries/grid-spec.ts `rateProposer`); set with the typed value, one undo step.
   */
  propose: ((employeeId: number, cells: readonly string[], col: number) => readonly { col: number; value: string }[]) | null = null;
  version = 0;
  structureVersion = 0;
  /**
   * Live co-editing: per cell (`editBaseKey`), the value an edit began from when the cell changed
   * under it (someone else's save shown while the cell's editor was open, or an edit restored
   * after a reload). The draft's save names it as the cell's base, so that the change meets the
   * other person's as a conflict instead of overwriting it unseen. The saver forgets an entry
   * once the cell is saved or back at the saved value.
   */
  readonly editBases = new Map<string, string>();
  readonly employeeOrder: readonly number[];
  private readonly employeeRank = new Map<number, number>();
  private readonly byId = new Map<string, GridLine>();
  private readonly outcomes = new Map<GridLine, LineOutcome>();
  private readonly invalidLines = new Set<GridLine>();
  private readonly serviceIssues = new Map<string, ServiceIssue[]>();
  readonly employeeTotals = new Map<number, bigint>();
  readonly groupTotals = new Map<string, bigint>();
  grandTotal = 0n;
  private problemCells = 0;
  private undoStack: Step[] = [];
  private redoStack: Step[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    spec: GridSpec,
    context: InputContext,
    employeeOrder: readonly number[],
    initial: readonly { id?: string; employeeId: number; cells: readonly string[] }[],
  ) {
    this.spec = spec;
    this.context = context;
    this.employeeOrder = employeeOrder;
    employeeOrder.forEach((id, rank) => this.employeeRank.set(id, rank));
    this.lines = this.arrange(initial);
    for (const line of this.lines) {
      this.byId.set(line.id, line);
      this.evaluate(line);
    }
  }

  /** Lines in the employees' order (an employee without any gets an empty one), then those of employees no longer listed. */
  private arrange(initial: readonly { id?: string; employeeId: number; cells: readonly string[] }[]): GridLine[] {
    const width = this.spec.columns.length;
    const byEmployee = new Map<number, GridLine[]>();
    for (const entry of initial) {
      const cells = Array.from({ length: width }, (_, col) => entry.cells[col] ?? "");
      const line: GridLine = { id: entry.id ?? newLineId(), employeeId: entry.employeeId, cells, rev: 0 };
      const list = byEmployee.get(entry.employeeId) ?? [];
      list.push(line);
      byEmployee.set(entry.employeeId, list);
    }
    const lines: GridLine[] = [];
    for (const employeeId of this.employeeOrder) {
      const list = byEmployee.get(employeeId);
      byEmployee.delete(employeeId);
      // An employee's empty first line has an id of its own that the server and the browser agree on:
      // a random one would differ after hydration, and the grid's aria-activedescendant would name
      // a cell id that is not in the page. Ids of lines added later are random (newLineId, "l…").
      lines.push(...(list ?? [{ id: `p${employeeId}`, employeeId, cells: Array<string>(width).fill(""), rev: 0 }]));
    }
    // Lines of employees the company no longer lists stay visible at the end, for validation to report.
    for (const list of byEmployee.values()) lines.push(...list);
    return lines;
  }

  /** Replaces every line (a month started from the last transfer): one undoable step, saved like any other. */
  replaceLines(initial: readonly { id?: string; employeeId: number; cells: readonly string[] }[]): void {
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

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(structural: boolean): void {
    this.version += 1;
    if (structural) this.structureVersion += 1;
    for (const listener of this.listeners) listener();
  }

  outcome(line: GridLine): LineOutcome {
    return this.outcomes.get(line) ?? BLANK_OUTCOME;
  }

  issuesOf(line: GridLine): readonly ServiceIssue[] {
    return this.serviceIssues.get(line.id) ?? NO_ISSUES;
  }

  get problemCount(): number {
    return this.problemCells;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Lines with a validation error, in grid order (first `limit`). */
  invalidLinesInOrder(limit = Infinity): GridLine[] {
    if (this.invalidLines.size === 0) return [];
    const result: GridLine[] = [];
    for (const line of this.lines) {
      if (this.invalidLines.has(line)) result.push(line);
      if (result.length >= limit) break;
    }
    return result;
  }

  linesWithServiceIssues(): GridLine[] {
    if (this.serviceIssues.size === 0) return [];
    return this.lines.filter((line) => this.serviceIssues.has(line.id));
  }

  linesOf(employeeId: number): GridLine[] {
    return this.lines.filter((line) => line.employeeId === employeeId);
  }

  lineById(id: string): GridLine | undefined {
    return this.byId.get(id);
  }

  /** Re-validates a line and moves its amount between the totals. */
  private evaluate(line: GridLine): void {
    const before = this.outcomes.get(line);
    if (before) this.account(line, before, -1n);
    const outcome = isBlank(line.cells) ? BLANK_OUTCOME : this.spec.evaluate(line.cells);
    this.outcomes.set(line, outcome);
    this.account(line, outcome, 1n);
  }

  private account(line: GridLine, outcome: LineOutcome, sign: bigint): void {
    const errors = outcome.errors.reduce((count, error) => count + (error ? 1 : 0), 0);
    this.problemCells += sign > 0n ? errors : -errors;
    if (sign > 0n && errors > 0) this.invalidLines.add(line);
    else if (sign < 0n) this.invalidLines.delete(line);
    if (outcome.cents === null) return;
    const amount = outcome.cents * sign;
    this.grandTotal += amount;
    this.employeeTotals.set(line.employeeId, (this.employeeTotals.get(line.employeeId) ?? 0n) + amount);
    if (outcome.group !== null) this.groupTotals.set(outcome.group, (this.groupTotals.get(outcome.group) ?? 0n) + amount);
  }

  private forget(line: GridLine): void {
    const before = this.outcomes.get(line);
    if (before) this.account(line, before, -1n);
    this.outcomes.delete(line);
  }

  // ---- applying steps (used by commands, undo and redo) ----

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
          step.changes.map((change) => ({ line: change.line, col: change.col, value: direction === "do" ? change.after : change.before })),
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

  private record(step: Step | null): void {
    // A reader's grid (a viewer's role): every command is refused here, in one place.
    if (!step || this.readOnly) return;
    const structural = this.apply(step, "do");
    this.undoStack.push(step);
    if (this.undoStack.length > UNDO_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.changed(structural);
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

  // ---- commands ----

  private cellsStep(changes: readonly CellChange[]): Step | null {
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
    if (!this.readOnly && startedFrom !== undefined && startedFrom !== current && value !== current && !this.editBases.has(key))
      this.editBases.set(key, startedFrom);
    const changes: CellChange[] = [{ line, col, value }];
    if (this.propose && value !== line.cells[col]) {
      const cells = line.cells.map((cell, index) => (index === col ? value : cell));
      // Never over something already there: a proposal only fills an empty cell.
      for (const proposal of this.propose(line.employeeId, cells, col))
        if (proposal.col !== col && cells[proposal.col] === "") changes.push({ line, col: proposal.col, value: proposal.value });
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
    for (const line of this.lines) if (!doomed.has(line)) remaining.set(line.employeeId, (remaining.get(line.employeeId) ?? 0) + 1);
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
      steps.push({ kind: "insert", entries: sorted.map((entry, order) => ({ line: entry.line, index: entry.at + order })) });
    }
    if (steps.length) this.record(steps.length === 1 && steps[0] ? steps[0] : { kind: "batch", steps });
    return targets.size;
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

  /** The service's issues, shown at their lines until the line is edited. */
  setServiceIssues(issues: readonly ServiceIssue[]): void {
    this.serviceIssues.clear();
    for (const issue of issues) {
      const list = this.serviceIssues.get(issue.lineId) ?? [];
      list.push(issue);
      this.serviceIssues.set(issue.lineId, list);
    }
    this.changed(false);
  }

  setContext(context: InputContext): void {
    this.context = context;
    this.changed(false);
  }

  /** The lines worth keeping: every non-blank line, and the blank extra lines people added. */
  snapshot(): { id: string; employeeId: number; cells: string[] }[] {
    const seen = new Set<number>();
    const result: { id: string; employeeId: number; cells: string[] }[] = [];
    for (const line of this.lines) {
      const first = !seen.has(line.employeeId);
      seen.add(line.employeeId);
      if (first && isBlank(line.cells)) continue;
      result.push({ id: line.id, employeeId: line.employeeId, cells: [...line.cells] });
    }
    return result;
  }

  /** Non-blank lines: what a transfer sends. */
  filledLines(): GridLine[] {
    return this.lines.filter((line) => !isBlank(line.cells));
  }

  rankOf(employeeId: number): number {
    return this.employeeRank.get(employeeId) ?? Number.MAX_SAFE_INTEGER;
  }
}
