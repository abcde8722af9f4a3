import type { InputContext } from "./columns";
import {
  isBlank,
  newLineId,
  type GridLine,
  type GridSpec,
  type LineOutcome,
  type LineSeed,
  type ServiceIssue,
} from "./lines";
import { createStore, type ReadableStore } from "@/lib/store/store";

const BLANK_OUTCOME: LineOutcome = { errors: [], cents: null, group: null };
const NO_ISSUES: readonly ServiceIssue[] = [];

/** The model's change counters: `version` with every command, `structureVersion` when lines were added, removed or reordered. */
export interface GridVersions {
  version: number;
  structureVersion: number;
}

/**
 * The grid's lines and what follows from them: lines grouped by employee in the employees' order,
 * each line's validation outcome, the service's issues, totals per employee and per group, kept
 * up to date line by line. The undo history (undo-history.ts) and the commands (model.ts) build
 * on it; subscribers are told after each change (`versions`, a store: lib/store).
 */
export class LineBook {
  readonly spec: GridSpec;
  context: InputContext;
  lines: GridLine[] = [];
  readonly employeeOrder: readonly number[];
  readonly employeeTotals = new Map<number, bigint>();
  readonly groupTotals = new Map<string, bigint>();
  grandTotal = 0n;
  protected readonly byId = new Map<string, GridLine>();
  protected readonly serviceIssues = new Map<string, ServiceIssue[]>();
  private readonly employeeRank = new Map<number, number>();
  private readonly outcomes = new Map<GridLine, LineOutcome>();
  private readonly invalidLines = new Set<GridLine>();
  private problemCells = 0;
  private readonly counters = createStore<GridVersions>({ version: 0, structureVersion: 0 });
  /** The change counters as a store, for a component to follow (`useStore(model.versions, …)`). */
  readonly versions: ReadableStore<GridVersions> = this.counters;
  readonly subscribe = this.counters.subscribe;

  constructor(spec: GridSpec, context: InputContext, employeeOrder: readonly number[], initial: readonly LineSeed[]) {
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

  get version(): number {
    return this.counters.get().version;
  }

  get structureVersion(): number {
    return this.counters.get().structureVersion;
  }

  protected changed(structural: boolean): void {
    const { version, structureVersion } = this.counters.get();
    this.counters.set({ version: version + 1, structureVersion: structural ? structureVersion + 1 : structureVersion });
  }

  /** Lines in the employees' order (an employee without any gets an empty one), then those of employees no longer listed. */
  protected arrange(initial: readonly LineSeed[]): GridLine[] {
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

  outcome(line: GridLine): LineOutcome {
    return this.outcomes.get(line) ?? BLANK_OUTCOME;
  }

  issuesOf(line: GridLine): readonly ServiceIssue[] {
    return this.serviceIssues.get(line.id) ?? NO_ISSUES;
  }

  get problemCount(): number {
    return this.problemCells;
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

  /** Re-validates a line and moves its amount between the totals. */
  protected evaluate(line: GridLine): void {
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
    if (outcome.group !== null)
      this.groupTotals.set(outcome.group, (this.groupTotals.get(outcome.group) ?? 0n) + amount);
  }

  protected forget(line: GridLine): void {
    const before = this.outcomes.get(line);
    if (before) this.account(line, before, -1n);
    this.outcomes.delete(line);
  }
}
