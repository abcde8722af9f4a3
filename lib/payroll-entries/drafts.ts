import "server-only";
import { draftPatchChanges, recordDraftPatch, recordDraftSave } from "@/lib/audit/payroll";
import type { AuditActor } from "@/lib/audit/record";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "./kinds";
import { readStoredJson } from "@/lib/payroll/stored-json";
import { assertMonthOpen } from "@/lib/month-close/frozen";
import { storedLineSchema } from "./schemas";

export interface EntryDraft {
  lines: StoredLine[];
  /** Ids of stored lines that no longer parse (logged, left out of `lines`), for the page to flag. */
  unreadableLineIds: string[];
  revision: number;
  /** Each line's revision (the draft's revision of the save that last wrote it): what a save names as its base. */
  lineRevisions: Record<string, number>;
  updatedAt: Date;
}

export interface DraftKey {
  connectionId: string;
  companyId: number;
  period: string;
  kind: EntryKind;
}

type Tx = Prisma.TransactionClient;

function where(key: DraftKey) {
  return { connectionId_companyId_period_kind: { connectionId: key.connectionId, companyId: key.companyId, period: key.period, kind: key.kind } };
}

function storedName(key: DraftKey): string {
  return `payroll_entry_draft_lines of connection ${key.connectionId} company ${key.companyId} ${key.period} ${key.kind}`;
}

/** A draft's lines are rows of their own (`payroll_entry_draft_lines`), read back in `position` order. */
export async function loadEntryDraft(key: DraftKey): Promise<EntryDraft | null> {
  const row = await getDb().payrollEntryDraft.findUnique({
    where: where(key),
    select: { revision: true, updatedAt: true, lines: { where: { deleted: false }, orderBy: { position: "asc" }, select: { lineId: true, employeeId: true, values: true, revision: true } } },
  });
  if (!row) return null;
  const lines: StoredLine[] = [];
  const unreadableLineIds: string[] = [];
  const lineRevisions: Record<string, number> = {};
  const stored = storedName(key);
  for (const line of row.lines) {
    const parsed = readStoredJson(storedLineSchema, { id: line.lineId, employee_id: line.employeeId, values: line.values }, `${stored} line ${line.lineId}`);
    if (parsed) lines.push(parsed);
    else unreadableLineIds.push(line.lineId);
    lineRevisions[line.lineId] = line.revision;
  }
  return { lines, unreadableLineIds, revision: row.revision, lineRevisions, updatedAt: row.updatedAt };
}

/** One entry per line id: the first one's place, the last one's content (what the grid's ids guarantee anyway). */
function byId(lines: readonly StoredLine[]): StoredLine[] {
  const unique = new Map<string, StoredLine>();
  for (const line of lines) unique.set(line.id, line);
  return [...unique.values()];
}

/** The lines as one JSON parameter: a statement takes any number of lines with a single bind value. */
function linesParameter(lines: readonly StoredLine[]): string {
  return JSON.stringify(lines.map((line) => ({ id: line.id, employee_id: line.employee_id, values: line.values })));
}

/** Lines per statement of a whole save: bind values stay around 100 KB however long the month. */
const LINES_PER_STATEMENT = 1_000;

/** A whole draft's lines: each at its index, rows rewritten (at `revision`) only when their place or content differs. */
async function writeLinesInOrder(tx: Tx, key: DraftKey, lines: readonly StoredLine[], revision: number): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    const json = linesParameter(lines.slice(start, start + LINES_PER_STATEMENT));
    await tx.$executeRaw`
      INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values", revision)
      SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id', (${start} + e.ordinality - 1)::int, (e.line ->> 'employee_id')::int, e.line -> 'values', ${revision}
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(line, ordinality)
      ON CONFLICT (connection_id, company_id, period, kind, line_id) DO UPDATE
        SET position = EXCLUDED.position, employee_id = EXCLUDED.employee_id, "values" = EXCLUDED."values", deleted = false,
            revision = CASE WHEN (payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values", payroll_entry_draft_lines.deleted)
                                 IS DISTINCT FROM (EXCLUDED.employee_id, EXCLUDED."values", false) THEN EXCLUDED.revision ELSE payroll_entry_draft_lines.revision END
        WHERE (payroll_entry_draft_lines.position, payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values", payroll_entry_draft_lines.deleted)
          IS DISTINCT FROM (EXCLUDED.position, EXCLUDED.employee_id, EXCLUDED."values", false)`;
  }
}

/** Changed lines at `revision`: those the draft has keep their place, new ones go after its last line. */
async function writeChangedLines(tx: Tx, key: DraftKey, lines: readonly StoredLine[], revision: number): Promise<void> {
  if (!lines.length) return;
  const json = linesParameter(lines);
  await tx.$executeRaw`
    UPDATE payroll_entry_draft_lines AS stored SET employee_id = (e.line ->> 'employee_id')::int, "values" = e.line -> 'values', deleted = false, revision = ${revision}
    FROM jsonb_array_elements(${json}::jsonb) AS e(line)
    WHERE stored.connection_id = ${key.connectionId}::uuid AND stored.company_id = ${key.companyId} AND stored.period = ${key.period} AND stored.kind = ${key.kind}
      AND stored.line_id = e.line ->> 'id'
      AND (stored.employee_id, stored."values", stored.deleted) IS DISTINCT FROM ((e.line ->> 'employee_id')::int, e.line -> 'values', false)`;
  await tx.$executeRaw`
    INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values", revision)
    SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id',
           (last.position + row_number() OVER (ORDER BY e.ordinality))::int, (e.line ->> 'employee_id')::int, e.line -> 'values', ${revision}
    FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(line, ordinality)
    CROSS JOIN (
      SELECT COALESCE(MAX(position), -1) AS position FROM payroll_entry_draft_lines
      WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
    ) AS last
    WHERE NOT EXISTS (
      SELECT 1 FROM payroll_entry_draft_lines AS stored
      WHERE stored.connection_id = ${key.connectionId}::uuid AND stored.company_id = ${key.companyId} AND stored.period = ${key.period} AND stored.kind = ${key.kind}
        AND stored.line_id = e.line ->> 'id'
    )`;
}

/** Marks lines removed at `revision` (kept as markers: a stream catching up learns of the removal). */
async function markRemoved(tx: Tx, key: DraftKey, ids: readonly string[], revision: number, keep: "listed" | "unlisted"): Promise<void> {
  if (keep === "unlisted" && !ids.length) return;
  await tx.$executeRaw`
    UPDATE payroll_entry_draft_lines SET deleted = true, revision = ${revision}
    WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
      AND NOT deleted AND ((line_id = ANY(${ids}::text[])) = ${keep === "unlisted"})`;
}

/**
 * Saves the whole draft (the last save wins: for a page that has no revisions to name, and the
 * tests): lines are written in the order given, lines no longer in it are marked removed. The
 * change is recorded in the audit trail for `audit` (null: not recorded, the bench's baseline).
 */
export async function saveEntryDraft(key: DraftKey, lines: StoredLine[], audit: AuditActor | null): Promise<{ revision: number; updatedAt: Date }> {
  const unique = byId(lines);
  return getDb().$transaction(async (tx) => {
    await assertMonthOpen(tx, key);
    const row = await tx.payrollEntryDraft.upsert({
      where: where(key),
      create: { ...key },
      update: { revision: { increment: 1 } },
      select: { revision: true, updatedAt: true },
    });
    // Audit trail: before the lines are written (it compares with the stored ones).
    await recordDraftSave(tx, audit, key, unique);
    await markRemoved(tx, key, unique.map((line) => line.id), row.revision, "listed");
    await writeLinesInOrder(tx, key, unique, row.revision);
    return row;
  });
}

/**
 * A changed line as a save sends it: `base` is the line's revision the change builds on (none: a
 * line new to the sender); `prior` the values the sender saved in a save that may have reached
 * the server first (stored values equal to them are the sender's own, not someone else's).
 */
export type LineChange = StoredLine & { base?: number | undefined; prior?: Record<string, string> | undefined };
export interface LineRemoval {
  id: string;
  base?: number | undefined;
}

/** The stored side of a conflict: the line as it is now (null values when someone removed it), at its revision. */
export interface TheirLine {
  revision: number;
  employee_id: number | null;
  values: Record<string, string> | null;
}

export interface LineConflict {
  id: string;
  theirs: TheirLine;
  /** What the save wanted: the line, or null for a removal. */
  yours: StoredLine | null;
}

export interface PatchResult {
  /** The draft's revision after the save (unchanged when nothing was written). */
  revision: number;
  updatedAt: Date;
  /** The stored revision of every line sent that is now as the sender has it (written or already so). */
  lineRevisions: Record<string, number>;
  /** Lines someone else changed since the sender's base: nothing of them was written. */
  conflicts: LineConflict[];
}

interface StoredState {
  line_id: string;
  revision: number;
  deleted: boolean;
  employee_id: number;
  values: unknown;
}

function sameContent(stored: StoredState, line: StoredLine): boolean {
  if (stored.deleted || stored.employee_id !== line.employee_id) return false;
  const values = (stored.values ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(values), ...Object.keys(line.values)]);
  for (const field of keys) if ((values[field] ?? "") !== (line.values[field] ?? "")) return false;
  return true;
}

/** Whether the stored line is the sender's own earlier save of it (`prior`). */
function isPrior(stored: StoredState, change: LineChange): boolean {
  return change.prior !== undefined && sameContent(stored, { id: change.id, employee_id: change.employee_id, values: change.prior });
}

function theirs(stored: StoredState, key: DraftKey): TheirLine {
  if (stored.deleted) return { revision: stored.revision, employee_id: null, values: null };
  const parsed = readStoredJson(storedLineSchema, { id: stored.line_id, employee_id: stored.employee_id, values: stored.values }, `${storedName(key)} line ${stored.line_id}`);
  return { revision: stored.revision, employee_id: stored.employee_id, values: parsed?.values ?? {} };
}

/**
 * Writes the lines a page changed (new ids are appended) and removes those it removed, each
 * only when the stored line is still at the revision the page built on, or already as the page
 * has it: edits of different lines by several people merge. A line someone else changed or
 * removed meanwhile is not written but returned as a conflict, with both sides. The draft is made
 * when it does not exist yet; its revision goes up only when something was written. What is
 * written is recorded in the audit trail for `audit` (null: not recorded).
 */
export async function patchEntryDraft(key: DraftKey, changes: readonly LineChange[], removals: readonly LineRemoval[], audit: AuditActor | null): Promise<PatchResult> {
  const unique = byId(changes) as LineChange[];
  const changedIds = new Set(unique.map((line) => line.id));
  const removed = [...new Map(removals.filter((removal) => !changedIds.has(removal.id)).map((removal) => [removal.id, removal])).values()];
  return getDb().$transaction(async (tx) => {
    await assertMonthOpen(tx, key);
    await tx.payrollEntryDraft.upsert({ where: where(key), create: { ...key, revision: 0 }, update: {}, select: { revision: true } });
    // The draft's row lock orders saves of the same draft: each compares with what the one before wrote.
    const [draft] = await tx.$queryRaw<{ revision: number; updated_at: Date }[]>`
      SELECT revision, updated_at FROM payroll_entry_drafts
      WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
      FOR UPDATE`;
    const ids = [...changedIds, ...removed.map((removal) => removal.id)];
    const rows = ids.length
      ? await tx.$queryRaw<StoredState[]>`
          SELECT line_id, revision, deleted, employee_id, "values" FROM payroll_entry_draft_lines
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
            AND line_id = ANY(${ids}::text[])`
      : [];
    const stored = new Map(rows.map((row) => [row.line_id, row]));
    const conflicts: LineConflict[] = [];
    const lineRevisions: Record<string, number> = {};
    const writes: StoredLine[] = [];
    for (const change of unique) {
      const line = { id: change.id, employee_id: change.employee_id, values: change.values };
      const now = stored.get(change.id);
      if (now && sameContent(now, line)) lineRevisions[line.id] = now.revision;
      else if (!now || (now.deleted && change.base === undefined) || (change.base !== undefined && now.revision <= change.base) || isPrior(now, change)) writes.push(line);
      else conflicts.push({ id: line.id, theirs: theirs(now, key), yours: line });
    }
    const removing: string[] = [];
    for (const removal of removed) {
      const now = stored.get(removal.id);
      if (!now || now.deleted) continue;
      if (removal.base !== undefined && now.revision <= removal.base) removing.push(removal.id);
      else conflicts.push({ id: removal.id, theirs: theirs(now, key), yours: null });
    }
    if (!draft) throw new Error("The draft row vanished inside its own transaction.");
    if (!writes.length && !removing.length) return { revision: draft.revision, updatedAt: draft.updated_at, lineRevisions, conflicts };
    const row = await tx.payrollEntryDraft.update({ where: where(key), data: { revision: { increment: 1 } }, select: { revision: true, updatedAt: true } });
    // Audit trail: before the lines are written (it compares with the stored ones).
    await recordDraftPatch(tx, audit, key, draftPatchChanges(stored, writes, removing));
    await writeChangedLines(tx, key, writes, row.revision);
    await markRemoved(tx, key, removing, row.revision, "unlisted");
    for (const line of writes) lineRevisions[line.id] = row.revision;
    return { revision: row.revision, updatedAt: row.updatedAt, lineRevisions, conflicts };
  });
}

/** A line changed after some revision, as a stream sends it: removed lines carry `deleted` and no values. */
export interface ChangedLine {
  id: string;
  revision: number;
  deleted: boolean;
  employee_id: number;
  values: Record<string, string>;
}

/** The draft's revision and every line written after `since` (removals too), in the draft's order. */
export async function linesChangedSince(key: DraftKey, since: number): Promise<{ revision: number; lines: ChangedLine[] }> {
  const rows = await getDb().$queryRaw<(Omit<StoredState, "line_id"> & { line_id: string | null; draft_revision: number | null })[]>`
    SELECT d.revision AS draft_revision, l.line_id, l.revision, l.deleted, l.employee_id, l."values"
    FROM payroll_entry_drafts AS d
    LEFT JOIN payroll_entry_draft_lines AS l
      ON l.connection_id = d.connection_id AND l.company_id = d.company_id AND l.period = d.period AND l.kind = d.kind AND l.revision > ${since}
    WHERE d.connection_id = ${key.connectionId}::uuid AND d.company_id = ${key.companyId} AND d.period = ${key.period} AND d.kind = ${key.kind}
    ORDER BY l.position`;
  const revision = rows[0]?.draft_revision ?? 0;
  const lines: ChangedLine[] = [];
  for (const row of rows) {
    if (row.line_id === null) continue;
    if (row.deleted) {
      lines.push({ id: row.line_id, revision: row.revision, deleted: true, employee_id: row.employee_id, values: {} });
      continue;
    }
    const parsed = readStoredJson(storedLineSchema, { id: row.line_id, employee_id: row.employee_id, values: row.values }, `${storedName(key)} line ${row.line_id}`);
    if (parsed) lines.push({ id: row.line_id, revision: row.revision, deleted: false, employee_id: parsed.employee_id, values: parsed.values });
  }
  return { revision, lines };
}
