import type { GridColumn } from "./columns";

// The grid's vocabulary: its lines, what validation says of them, and the changes commands and
// others' saves make. The model (model.ts) is built on these; importers read them from there.

/** One entry line of an employee: cells hold canonical values (or text as typed when unreadable). */
export interface GridLine {
  readonly id: string;
  readonly employeeId: number;
  cells: string[];
  /** Bumped on every change of the line: what a row's memo compares. */
  rev: number;
}

/** A line as the model is given it (a draft's line, a month started from a transfer). */
export interface LineSeed {
  id?: string;
  employeeId: number;
  cells: readonly string[];
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
