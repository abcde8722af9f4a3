import type { GridLine, GridModel } from "@/lib/payroll-grid/model";
import type { StoredLine } from "@/lib/payroll-entries/kinds";

// The grid's lines as the draft API takes them (lib/payroll-entries/schemas.ts): whole, as a
// patch of the lines changed since the last save, and whether a body fits a keepalive request.

export function storedLinesOf(model: GridModel): StoredLine[] {
  const keys = model.spec.columns.map((column) => column.key);
  return model.snapshot().map((line) => ({
    id: line.id,
    employee_id: line.employeeId,
    values: Object.fromEntries(keys.flatMap((key, col) => (line.cells[col] ? [[key, line.cells[col]]] : []))),
  }));
}

const lineJson = new WeakMap<GridLine, { rev: number; json: string }>();

function lineToJson(model: GridModel, line: GridLine): string {
  let cached = lineJson.get(line);
  if (!cached || cached.rev !== line.rev) {
    const keys = model.spec.columns.map((column) => column.key);
    const values = Object.fromEntries(keys.flatMap((key, col) => (line.cells[col] ? [[key, line.cells[col]]] : [])));
    cached = { rev: line.rev, json: JSON.stringify({ id: line.id, employee_id: line.employeeId, values }) };
    lineJson.set(line, cached);
  }
  return cached.json;
}

/**
 * The draft request's body: every line (blank ones too, so later patches find them), or with
 * `since` only the lines whose revision differs from the one last saved. Each line's JSON is
 * kept until the line changes, so neither form re-serialises the whole month after one edit.
 */
export function draftBody(model: GridModel, period: string, since?: { baseRevision: number; savedRevs: ReadonlyMap<string, number> }): string {
  const parts: string[] = [];
  for (const line of model.lines) {
    if (since && since.savedRevs.get(line.id) === line.rev) continue;
    parts.push(lineToJson(model, line));
  }
  return since ? `{"period":${JSON.stringify(period)},"baseRevision":${since.baseRevision},"changes":[${parts.join(",")}]}` : `{"period":${JSON.stringify(period)},"lines":[${parts.join(",")}]}`;
}

/**
 * Keepalive requests may carry 64 KiB of body (all of a page's in flight together); a little is
 * left for the browser's own. A larger draft is saved the ordinary way, and leaving asks first.
 */
const KEEPALIVE_BODY_BYTES = 60 * 1024;

export function fitsKeepalive(body: string): boolean {
  // UTF-8 takes at least a byte per character: only bodies near the limit need counting.
  return body.length <= KEEPALIVE_BODY_BYTES && (body.length * 3 <= KEEPALIVE_BODY_BYTES || new TextEncoder().encode(body).length <= KEEPALIVE_BODY_BYTES);
}
