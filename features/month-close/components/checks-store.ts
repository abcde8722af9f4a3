import type { GridModel } from "@/features/payroll/grid/model";
import type { EntryKind } from "@/features/payroll/entries/kinds";
import { createStore } from "@/lib/store/store";
import { useStore } from "@/lib/store/use-store";
import type { Translate } from "@/lib/i18n/translate";

/**
 * What the grid page's parts share about the checks, outside React's tree (the grid, the Checks
 * region and the Month status panel are siblings rendered by the server):
 * - the grid's live model, published by the workbench, so the checks re-run as lines change;
 * - a jump to a cell, asked for by the Checks region and carried out by the workbench;
 * - the checks' summary, which the panel uses to hold back Submit for review and Approve.
 */

export interface CellJump {
  lineId: string;
  /** The column's key; absent: the line's first cell. */
  column?: string;
}

export interface ChecksSummary {
  blockers: number;
  unacknowledged: number;
}

/** What still holds the month, in words ("1 blocker, 2 open warnings"); empty when nothing or not yet known. */
export function openChecksText(t: Translate, checks: ChecksSummary | null): string {
  if (!checks) return "";
  return [
    checks.blockers ? t("monthChecks.reasonBlockers", { count: checks.blockers }) : "",
    checks.unacknowledged ? t("monthChecks.reasonWarnings", { count: checks.unacknowledged }) : "",
  ]
    .filter(Boolean)
    .join(", ");
}

const grid = createStore<{ kind: EntryKind; model: GridModel } | null>(null);
const summary = createStore<ChecksSummary | null>(null);
const jumps = new Set<(jump: CellJump) => void>();

/** The workbench's model, for the checks; the returned function takes it back. */
export function publishGrid(kind: EntryKind, model: GridModel): () => void {
  const entry = { kind, model };
  grid.set(entry);
  return () => {
    if (grid.get() === entry) grid.set(null);
  };
}

export function usePublishedGrid() {
  return useStore(grid);
}

export function publishChecksSummary(value: ChecksSummary | null): void {
  const now = summary.get();
  if (now?.blockers !== value?.blockers || now?.unacknowledged !== value?.unacknowledged) summary.set(value);
}

export function useChecksSummary(): ChecksSummary | null {
  return useStore(summary);
}

/** The workbench listens for jumps to a cell of its own grid. */
export function onCellJump(listener: (jump: CellJump) => void): () => void {
  jumps.add(listener);
  return () => jumps.delete(listener);
}

export function requestCellJump(jump: CellJump): void {
  for (const listener of jumps) listener(jump);
}

/** A cell of the other grid: its page, with the cell in the hash (`#cell=<line>~<column>`), read when the grid mounts. */
export function cellHash(jump: CellJump): string {
  return `#cell=${encodeURIComponent(jump.lineId)}~${encodeURIComponent(jump.column ?? "")}`;
}

export function cellFromHash(hash: string): CellJump | null {
  const match = /^#cell=([^~]*)~(.*)$/.exec(hash);
  if (!match?.[1]) return null;
  const column = decodeURIComponent(match[2] ?? "");
  return { lineId: decodeURIComponent(match[1]), ...(column ? { column } : {}) };
}
