import type { StoredLine } from "./kinds";

/**
 * How one changed line of a draft save meets the stored line, cell by cell (pure: the save in
 * drafts.ts reads the stored line under the draft's row lock and writes what this decides).
 *
 * A change names, per cell it changed, the value its copy of the cell held when the edit began
 * (`was`). A cell whose stored value is still that one (or already the new one, or the sender's
 * own earlier save, `prior`) is written; a cell someone else changed after the sender's copy of
 * it was read is a conflict, however the two saves were timed. Cells the change did not touch
 * keep what is stored: edits of different cells of the same line merge. A change without `was`
 * (a line new to the sender, or a client that names only the line's revision) is judged as a
 * whole line by its revision, as before.
 */

/** A changed line as a save sends it (see lineChangeSchema in schemas.ts). */
export type LineChange = StoredLine & {
  /** The line's revision the change builds on (none: a line new to the sender). */
  base?: number | undefined;
  /** Per changed cell: the value the sender's copy held when the edit began. */
  was?: Record<string, string> | undefined;
  /** The values the sender sent in a save that may have reached the server first: stored values equal to them are its own. */
  prior?: Record<string, string> | undefined;
};

/** The stored line as the save read it. */
export interface StoredState {
  line_id: string;
  revision: number;
  deleted: boolean;
  employee_id: number;
  values: unknown;
  written_by: string | null;
}

export type Decision =
  /** Already as the sender has it: nothing to write. */
  | { kind: "same" }
  /** Write `line`: the sender's, or (`merged`) the sender's cells merged into what is stored. */
  | { kind: "write"; line: StoredLine; merged: boolean }
  /** Nothing to write, but what is stored differs from the sender's line in cells it did not change. */
  | { kind: "stored" }
  /** Someone else changed (some of) these cells: write `line` when given (the cells that merged), report the rest. */
  | { kind: "conflict"; line: StoredLine | null };

const valueOf = (values: Readonly<Record<string, unknown>>, field: string): string => {
  const value = values[field];
  return typeof value === "string" ? value : "";
};

function storedValues(stored: StoredState): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries((stored.values ?? {}) as Record<string, unknown>))
    if (typeof value === "string" && value !== "") values[field] = value;
  return values;
}

/** Same content: an empty text and a missing field are the same. */
export function sameValues(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (valueOf(a, field) !== valueOf(b, field)) return false;
  return true;
}

function sameLine(stored: StoredState, line: StoredLine): boolean {
  return (
    !stored.deleted &&
    stored.employee_id === line.employee_id &&
    sameValues((stored.values ?? {}) as Record<string, unknown>, line.values)
  );
}

export function decideChange(stored: StoredState | undefined, change: LineChange): Decision {
  const line: StoredLine = { id: change.id, employee_id: change.employee_id, values: change.values };
  if (!stored) return { kind: "write", line, merged: false };
  if (sameLine(stored, line)) return { kind: "same" };
  const ownPrior = change.prior !== undefined && sameLine(stored, { ...line, values: change.prior });
  const atBase = change.base !== undefined && stored.revision <= change.base;
  // Removed: written again only by a line new to the sender (an id reused) or one built on the removal.
  if (stored.deleted)
    return change.base === undefined || atBase
      ? { kind: "write", line, merged: false }
      : { kind: "conflict", line: null };
  if (change.was === undefined || stored.employee_id !== line.employee_id)
    return atBase || ownPrior ? { kind: "write", line, merged: false } : { kind: "conflict", line: null };
  const merged = storedValues(stored);
  let contested = false;
  for (const [field, was] of Object.entries(change.was)) {
    const [yours, now] = [valueOf(change.values, field), merged[field] ?? ""];
    if (now === yours) continue;
    if (now === was || (change.prior !== undefined && now === valueOf(change.prior, field))) {
      if (yours === "") delete merged[field];
      else merged[field] = yours;
    } else contested = true;
  }
  const result = { ...line, values: merged };
  if (!contested && sameLine(stored, result)) return { kind: "stored" };
  if (contested) return { kind: "conflict", line: sameLine(stored, result) ? null : result };
  return sameValues(merged, change.values)
    ? { kind: "write", line, merged: false }
    : { kind: "write", line: result, merged: true };
}
