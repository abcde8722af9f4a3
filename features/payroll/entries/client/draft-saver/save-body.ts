import { editBaseKey, type GridLine, type GridModel } from "@/features/payroll/grid/model";

// The grid's lines as the draft API takes them (features/payroll/entries/schemas.ts): as a
// patch of the lines changed since the last save, and whether a body fits a keepalive request.

// Each line's JSON (whole, and its values alone) until the line changes: a save after one edit,
// and the browser's copy of the unconfirmed edits, do not re-serialise every line each time.
const lineJson = new WeakMap<GridLine, { rev: number; json: string; values: string }>();

function serialised(model: GridModel, line: GridLine): { json: string; values: string } {
  let cached = lineJson.get(line);
  if (!cached || cached.rev !== line.rev) {
    const keys = model.spec.columns.map((column) => column.key);
    const values = Object.fromEntries(keys.flatMap((key, col) => (line.cells[col] ? [[key, line.cells[col]]] : [])));
    cached = {
      rev: line.rev,
      json: JSON.stringify({ id: line.id, employee_id: line.employeeId, values }),
      values: JSON.stringify(values),
    };
    lineJson.set(line, cached);
  }
  return cached;
}

/**
 * What the server holds of a line as this page knows it: the line object, its local `rev` when
 * last saved (or shown as someone else saved it), and its cells then (what an edit is based on).
 */
export interface SavedLine {
  line: GridLine;
  rev: number;
  cells: readonly string[];
}

export function savedLine(line: GridLine): SavedLine {
  return { line, rev: line.rev, cells: [...line.cells] };
}

export interface DraftPatch {
  body: string;
  /** The lines sent, as they were when sent. */
  sent: Map<string, SavedLine>;
  /** Each sent line's values as JSON text, for a save that may overtake this one (`prior`). */
  sentValues: Map<string, string>;
  /** The cells sent with a base of the model's `editBases`, and that base: forgotten once the save has an answer. */
  editBases: Map<string, string>;
  removed: string[];
}

/**
 * The save request for what changed since the last save: each line whose object or revision
 * differs from the one saved, and each saved line no longer in the grid, with the line's server
 * revision it builds on (`base`; none for a line the server does not know) and, per changed cell,
 * the value the edit began from (`was`: the saved value, or the model's `editBases` when the cell
 * changed under its editor); the server judges each cell by it. Lines in `held` (a conflict
 * awaiting a choice) are left out. Null when nothing changed. `inFlight`: a save still under
 * way, whose lines this one may reach the server before or after: each of them carries the values
 * sent there as `prior`, so that the server takes this newer value over the page's own earlier
 * one instead of calling it a conflict. Each line's JSON is kept until the line changes, so a
 * save after one edit does not re-serialise the month.
 */
export function draftPatch(
  model: GridModel,
  period: string,
  saved: ReadonlyMap<string, SavedLine>,
  serverRevs: ReadonlyMap<string, number>,
  held: ReadonlySet<string>,
  inFlight?: DraftPatch,
): DraftPatch | null {
  const parts: string[] = [];
  const sent = new Map<string, SavedLine>();
  const sentValues = new Map<string, string>();
  const editBases = new Map<string, string>();
  const keys = model.spec.columns.map((column) => column.key);
  for (const line of model.lines) {
    const before = saved.get(line.id);
    if ((before && before.line === line && before.rev === line.rev) || held.has(line.id)) continue;
    const { json, values } = serialised(model, line);
    const base = serverRevs.get(line.id);
    const prior = inFlight?.sentValues.get(line.id);
    let was = "";
    if (before && base !== undefined) {
      const cells: Record<string, string> = {};
      keys.forEach((key, col) => {
        const edited = editBaseKey(line.id, col);
        if ((line.cells[col] ?? "") === (before.cells[col] ?? "")) return void model.editBases.delete(edited);
        const from = model.editBases.get(edited);
        if (from !== undefined) editBases.set(edited, from);
        cells[key] = from ?? before.cells[col] ?? "";
      });
      was = `,"was":${JSON.stringify(cells)}`;
    }
    parts.push(
      `${json.slice(0, -1)}${base === undefined ? "" : `,"base":${base}`}${was}${prior === undefined ? "" : `,"prior":${prior}`}}`,
    );
    sent.set(line.id, savedLine(line));
    sentValues.set(line.id, values);
  }
  const removed: string[] = [];
  const removals: string[] = [];
  for (const id of saved.keys()) {
    if (model.lineById(id) || held.has(id)) continue;
    removed.push(id);
    const base = serverRevs.get(id);
    // A line the server never had needs no removal there.
    if (base !== undefined) removals.push(JSON.stringify({ id, base }));
  }
  if (!parts.length && !removed.length) return null;
  return {
    body: `{"period":${JSON.stringify(period)},"changes":[${parts.join(",")}],"removed":[${removals.join(",")}]}`,
    sent,
    sentValues,
    editBases,
    removed,
  };
}

/**
 * Keepalive requests may carry 64 KiB of body (all of a page's in flight together); a little is
 * left for the browser's own. A larger draft is saved the ordinary way, and leaving asks first.
 */
const KEEPALIVE_BODY_BYTES = 60 * 1024;

export function fitsKeepalive(body: string): boolean {
  // UTF-8 takes at least a byte per character: only bodies near the limit need counting.
  return (
    body.length <= KEEPALIVE_BODY_BYTES &&
    (body.length * 3 <= KEEPALIVE_BODY_BYTES || new TextEncoder().encode(body).length <= KEEPALIVE_BODY_BYTES)
  );
}
