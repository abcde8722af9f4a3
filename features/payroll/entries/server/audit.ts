import "server-only";
import { Prisma } from "@/lib/db/generated/client";
import { recordAudit, storedActorName, type AuditActor } from "@/lib/audit/server/record";
import type { DraftLineChange } from "../audit-lines";
import type { StoredLine } from "../kinds";

// What the entries record in the trail (read by features/payroll/audit-present.ts): drafts' saves and transfers.

type Tx = Prisma.TransactionClient;

/** The draft a save writes to (features/payroll/entries/server/drafts.ts's DraftKey). */
interface DraftKey {
  connectionId: string;
  companyId: number;
  period: string;
  kind: string;
}

/**
 * Records a save of the whole draft as one `draft.saved` entry: each line the save changes, with
 * the old and new text of exactly the cells that differ, and the stored lines it drops as
 * removed (an empty text and a missing field are the same; a blank line added or dropped is no
 * change). Call it in the save's transaction BEFORE the lines are written: it reads the stored
 * lines. Nothing is recorded when nothing changes. The comparison runs in the database, one
 * statement: no lines travel back. (The grid's saves are patches: `recordDraftPatch`.)
 */
export async function recordDraftSave(
  tx: Tx,
  actor: AuditActor | null,
  key: DraftKey,
  lines: readonly StoredLine[],
): Promise<void> {
  if (!actor) return;
  const json = JSON.stringify(
    lines.map((line) => ({ id: line.id, employee_id: line.employee_id, values: line.values })),
  );
  const stored = Prisma.sql`SELECT s.line_id, s.employee_id, s."values", s.position FROM payroll_entry_draft_lines AS s`;
  // Removed lines stay as markers (`deleted`, for co-editing streams): they are not stored lines here.
  const ofDraft = Prisma.sql`s.connection_id = ${key.connectionId}::uuid AND s.company_id = ${key.companyId} AND s.period = ${key.period} AND s.kind = ${key.kind} AND NOT s.deleted`;
  await tx.$executeRaw`
    INSERT INTO audit_entries (workspace_id, actor_id, actor_name, kind, company_id, period, details)
    SELECT ${actor.workspaceId}::uuid, ${actor.userId}::uuid, ${storedActorName(actor)}, 'draft.saved', ${key.companyId}, ${key.period},
      jsonb_build_object('entryKind', ${key.kind}::text, 'whole', true, 'lines', jsonb_agg(
        jsonb_strip_nulls(jsonb_build_object('id', d.id, 'change', d.change, 'employeeId', d.employee_id, 'oldEmployeeId', d.old_employee_id, 'cells', d.cells))
        ORDER BY d.ord))
    FROM (
      SELECT COALESCE(j.n_id, j.o_line_id) AS id, COALESCE(j.ord, 1000000000 + j.position) AS ord,
        CASE WHEN j.o_line_id IS NULL THEN 'added' WHEN j.n_id IS NULL THEN 'removed' ELSE 'changed' END AS change,
        COALESCE(j.n_employee_id, j.o_employee_id) AS employee_id,
        CASE WHEN j.n_id IS NOT NULL AND j.o_line_id IS NOT NULL AND j.n_employee_id <> j.o_employee_id THEN j.o_employee_id END AS old_employee_id,
        cells.diff AS cells
      FROM (
        -- Only lines whose row differs reach the cell comparison.
        SELECT n.id AS n_id, n.employee_id AS n_employee_id, n.vals, n.ord,
          o.line_id AS o_line_id, o.employee_id AS o_employee_id, o."values" AS o_values, o.position
        FROM (
          SELECT e.line ->> 'id' AS id, (e.line ->> 'employee_id')::int AS employee_id, e.line -> 'values' AS vals, e.ord
          FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(line, ord)
        ) AS n
        FULL JOIN (${stored} WHERE ${ofDraft} ) AS o ON o.line_id = n.id
        WHERE (o.employee_id, o."values") IS DISTINCT FROM (n.employee_id, n.vals)
      ) AS j
      CROSS JOIN LATERAL (
        SELECT jsonb_object_agg(f.field, jsonb_build_array(f.old, f.new)) AS diff
        FROM (
          SELECT k.field, NULLIF(j.o_values ->> k.field, '') AS old, NULLIF(j.vals ->> k.field, '') AS new
          FROM jsonb_object_keys(COALESCE(j.o_values, '{}'::jsonb) || COALESCE(j.vals, '{}'::jsonb)) AS k(field)
        ) AS f
        WHERE f.old IS DISTINCT FROM f.new
      ) AS cells
      -- A blank line added or dropped changes no cell: not a change anyone made.
      WHERE cells.diff IS NOT NULL OR (j.n_id IS NOT NULL AND j.o_line_id IS NOT NULL AND j.n_employee_id <> j.o_employee_id)
    ) AS d
    HAVING count(*) > 0`;
}

/** A stored line as a patch read it (features/payroll/entries/server/drafts.ts), for `draftPatchChanges`. */
export interface StoredLineState {
  employee_id: number;
  deleted: boolean;
  values: unknown;
}

const text = (values: unknown, field: string): string | null => {
  const value = (values as Record<string, unknown> | null)?.[field];
  return value === undefined || value === null || value === "" ? null : String(value);
};

/**
 * What a patch changes, from the stored lines it read (under the draft's lock) and what it writes
 * and removes, with the same rules as `recordDraftSave`: an empty text and a missing field are the
 * same; a blank line added or dropped is no change. Computed here, not in the database, because
 * the patch already holds both sides: a save costs one INSERT for its entry (audit.bench.ts).
 */
export function draftPatchChanges(
  stored: ReadonlyMap<string, StoredLineState>,
  writes: readonly StoredLine[],
  removing: readonly string[],
): DraftLineChange[] {
  const cellsOf = (before: unknown, after: unknown) => {
    const cells: Record<string, [string | null, string | null]> = {};
    const fields = new Set([
      ...Object.keys((before as object | null) ?? {}),
      ...Object.keys((after as object | null) ?? {}),
    ]);
    for (const field of fields) {
      const [old, now] = [text(before, field), text(after, field)];
      if (old !== now) cells[field] = [old, now];
    }
    return cells;
  };
  const changes: DraftLineChange[] = [];
  for (const line of writes) {
    const before = stored.get(line.id);
    const existed = before !== undefined && !before.deleted;
    const cells = cellsOf(existed ? before.values : {}, line.values);
    const moved = existed && before.employee_id !== line.employee_id;
    if (Object.keys(cells).length === 0 && !moved) continue;
    changes.push({
      id: line.id,
      change: existed ? "changed" : "added",
      employeeId: line.employee_id,
      ...(moved ? { oldEmployeeId: before.employee_id } : {}),
      ...(Object.keys(cells).length ? { cells } : {}),
    });
  }
  for (const id of removing) {
    const before = stored.get(id);
    if (!before || before.deleted) continue;
    const cells = cellsOf(before.values, {});
    if (Object.keys(cells).length) changes.push({ id, change: "removed", employeeId: before.employee_id, cells });
  }
  return changes;
}

/** Records a patch's `draftPatchChanges` as one `draft.saved` entry (nothing when nothing changed). */
export async function recordDraftPatch(
  tx: Tx,
  actor: AuditActor | null,
  key: DraftKey,
  lines: readonly DraftLineChange[],
): Promise<void> {
  if (!actor || lines.length === 0) return;
  await recordAudit(tx, actor, {
    kind: "draft.saved",
    companyId: key.companyId,
    period: key.period,
    details: { entryKind: key.kind, whole: false, lines },
  });
}

/** A transfer and its outcome, recorded in the transaction that stores the transfer's row; `totalEuros` a decimal string ("505.50"). */
export async function recordTransfer(
  tx: Tx,
  actor: AuditActor | null,
  transfer: {
    companyId: number;
    period: string;
    kind: string;
    transferId: string;
    outcome: string;
    lines: readonly StoredLine[];
    lineCount: number;
    totalEuros: string;
    errorCode?: string;
    errorMessage?: string;
  },
): Promise<void> {
  await recordAudit(tx, actor, {
    kind: "transfer.sent",
    companyId: transfer.companyId,
    period: transfer.period,
    subjectId: transfer.transferId,
    details: {
      entryKind: transfer.kind,
      transferId: transfer.transferId,
      outcome: transfer.outcome,
      lineCount: transfer.lineCount,
      totalEuros: transfer.totalEuros,
      errorCode: transfer.errorCode ?? null,
      errorMessage: transfer.errorMessage ?? null,
      // The transfer's own row goes when its connection is removed; the trail keeps what was sent.
      lines: transfer.lines.map((line) => ({ id: line.id, employee_id: line.employee_id, values: line.values })),
    },
  });
}
