import "server-only";
import { draftPatchChanges, recordDraftPatch, recordDraftSave } from "./audit";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "../kinds";
import { readStoredJson } from "@/lib/payroll/stored-json";
import { assertMonthOpen } from "@/lib/payroll/month-lock/server/frozen";
import { storedLineSchema } from "../schemas";
import { decideChange, type LineChange, type StoredState } from "../draft-merge";

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
  return {
    connectionId_companyId_period_kind: { connectionId: key.connectionId, companyId: key.companyId, period: key.period, kind: key.kind },
  };
}

function storedName(key: DraftKey): string {
  return `payroll_entry_draft_lines of connection ${key.connectionId} company ${key.companyId} ${key.period} ${key.kind}`;
}

/** A draft's lines are rows of their own (`payroll_entry_draft_lines`), read back in `position` order. */
export async function loadEntryDraft(key: DraftKey): Promise<EntryDraft | null> {
  const row = await getDb().payrollEntryDraft.findUnique({
    where: where(key),
    select: {
      revision: true,
      updatedAt: true,
      lines: {
        where: { deleted: false },
        orderBy: { position: "asc" },
        select: { lineId: true, employeeId: true, values: true, revision: true },
      },
    },
  });
  if (!row) return null;
  const lines: StoredLine[] = [];
  const unreadableLineIds: string[] = [];
  const lineRevisions: Record<string, number> = {};
  const stored = storedName(key);
  for (const line of row.lines) {
    const parsed = readStoredJson(
      storedLineSchema,
      { id: line.lineId, employee_id: line.employeeId, values: line.values },
      `${stored} line ${line.lineId}`,
    );
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
async function writeLinesInOrder(
  tx: Tx,
  key: DraftKey,
  lines: readonly StoredLine[],
  revision: number,
  writer: string | null,
): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    const json = linesParameter(lines.slice(start, start + LINES_PER_STATEMENT));
    await tx.$executeRaw`
      INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values", revision, written_by)
      SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id', (${start} + e.ordinality - 1)::int, (e.line ->> 'employee_id')::int, e.line -> 'values', ${revision}, ${writer}::uuid
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(line, ordinality)
      ON CONFLICT (connection_id, company_id, period, kind, line_id) DO UPDATE
        SET position = EXCLUDED.position, employee_id = EXCLUDED.employee_id, "values" = EXCLUDED."values", deleted = false,
            revision = CASE WHEN (payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values", payroll_entry_draft_lines.deleted)
                                 IS DISTINCT FROM (EXCLUDED.employee_id, EXCLUDED."values", false) THEN EXCLUDED.revision ELSE payroll_entry_draft_lines.revision END,
            written_by = CASE WHEN (payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values", payroll_entry_draft_lines.deleted)
                                 IS DISTINCT FROM (EXCLUDED.employee_id, EXCLUDED."values", false) THEN EXCLUDED.written_by ELSE payroll_entry_draft_lines.written_by END
        WHERE (payroll_entry_draft_lines.position, payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values", payroll_entry_draft_lines.deleted)
          IS DISTINCT FROM (EXCLUDED.position, EXCLUDED.employee_id, EXCLUDED."values", false)`;
  }
}

/** Changed lines at `revision`: those the draft has keep their place, new ones go after its last line. */
async function writeChangedLines(
  tx: Tx,
  key: DraftKey,
  lines: readonly StoredLine[],
  revision: number,
  writer: string | null,
): Promise<void> {
  if (!lines.length) return;
  const json = linesParameter(lines);
  await tx.$executeRaw`
    UPDATE payroll_entry_draft_lines AS stored SET employee_id = (e.line ->> 'employee_id')::int, "values" = e.line -> 'values', deleted = false, revision = ${revision}, written_by = ${writer}::uuid
    FROM jsonb_array_elements(${json}::jsonb) AS e(line)
    WHERE stored.connection_id = ${key.connectionId}::uuid AND stored.company_id = ${key.companyId} AND stored.period = ${key.period} AND stored.kind = ${key.kind}
      AND stored.line_id = e.line ->> 'id'
      AND (stored.employee_id, stored."values", stored.deleted) IS DISTINCT FROM ((e.line ->> 'employee_id')::int, e.line -> 'values', false)`;
  await tx.$executeRaw`
    INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values", revision, written_by)
    SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id',
           (last.position + row_number() OVER (ORDER BY e.ordinality))::int, (e.line ->> 'employee_id')::int, e.line -> 'values', ${revision}, ${writer}::uuid
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
async function markRemoved(
  tx: Tx,
  key: DraftKey,
  ids: readonly string[],
  revision: number,
  keep: "listed" | "unlisted",
  writer: string | null,
): Promise<void> {
  if (keep === "unlisted" && !ids.length) return;
  await tx.$executeRaw`
    UPDATE payroll_entry_draft_lines SET deleted = true, revision = ${revision}, written_by = ${writer}::uuid
    WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
      AND NOT deleted AND ((line_id = ANY(${ids}::text[])) = ${keep === "unlisted"})`;
}

/**
 * Saves the whole draft (the last save wins: for a page that has no revisions to name, and the
 * tests): lines are written in the order given, lines no longer in it are marked removed. The
 * change is recorded in the audit trail for `audit` (null: not recorded, the bench's baseline).
 */
export async function saveEntryDraft(
  key: DraftKey,
  lines: StoredLine[],
  audit: AuditActor | null,
): Promise<{ revision: number; updatedAt: Date }> {
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
    await markRemoved(
      tx,
      key,
      unique.map((line) => line.id),
      row.revision,
      "listed",
      audit?.userId ?? null,
    );
    await writeLinesInOrder(tx, key, unique, row.revision, audit?.userId ?? null);
    return row;
  });
}

export type { LineChange } from "../draft-merge";
export interface LineRemoval {
  id: string;
  base?: number | undefined;
}

/**
 * The stored side of a conflict: the line as it is now (null values when someone removed it), at
 * its revision, and who saved it (their name; null when not known).
 */
export interface TheirLine {
  revision: number;
  employee_id: number | null;
  values: Record<string, string> | null;
  by: string | null;
}

export interface LineConflict {
  id: string;
  theirs: TheirLine;
  /** What the save wanted: the line, or null for a removal. */
  yours: StoredLine | null;
}

/** A line now stored otherwise than the sender sent it: cells someone else changed merged with the sender's. */
export interface MergedLine {
  id: string;
  revision: number;
  employee_id: number;
  values: Record<string, string>;
}

export interface PatchResult {
  /** The draft's revision after the save (unchanged when nothing was written). */
  revision: number;
  updatedAt: Date;
  /** The stored revision of every line sent whose changed cells are now as the sender has them (written, merged or already so). */
  lineRevisions: Record<string, number>;
  /** Of those, the lines whose other cells someone else changed: as they are stored now, to be shown. */
  merged: MergedLine[];
  /** Lines with cells someone else changed since the sender's copy of them: those cells were not written. */
  conflicts: LineConflict[];
}

function theirs(stored: StoredState, key: DraftKey, names: ReadonlyMap<string, string>): TheirLine {
  const by = stored.written_by ? (names.get(stored.written_by) ?? null) : null;
  if (stored.deleted) return { revision: stored.revision, employee_id: null, values: null, by };
  const parsed = readStoredJson(
    storedLineSchema,
    { id: stored.line_id, employee_id: stored.employee_id, values: stored.values },
    `${storedName(key)} line ${stored.line_id}`,
  );
  return { revision: stored.revision, employee_id: stored.employee_id, values: parsed?.values ?? {}, by };
}

/** The names of the people who wrote these lines, for a conflict to say who saved first. */
async function writerNames(tx: Tx, rows: readonly StoredState[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.written_by ? [row.written_by] : [])))];
  if (!ids.length) return new Map();
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true, email: true } });
  return new Map(
    users.flatMap((user) => ((user.displayName ?? user.email) ? [[user.id, (user.displayName ?? user.email) as string]] : [])),
  );
}

/**
 * Writes the lines a page changed (new ids are appended) and removes those it removed. A change
 * is judged cell by cell (draft-merge.ts): cells someone else changed after the sender's copy of
 * them was read are not written but returned as a conflict, with both sides and who saved theirs;
 * the other cells are written, merged with what others saved in the same line meanwhile. A
 * removal is refused when the line changed since the revision it names. The draft is made when it
 * does not exist yet; its revision goes up only when something was written. What is written is
 * recorded in the audit trail for `audit` (null: not recorded), and each written line keeps its
 * writer (`audit`'s person).
 */
export async function patchEntryDraft(
  key: DraftKey,
  changes: readonly LineChange[],
  removals: readonly LineRemoval[],
  audit: AuditActor | null,
): Promise<PatchResult> {
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
    if (!draft) throw new Error("The draft row vanished inside its own transaction.");
    const ids = [...changedIds, ...removed.map((removal) => removal.id)];
    const rows = ids.length
      ? await tx.$queryRaw<StoredState[]>`
          SELECT line_id, revision, deleted, employee_id, "values", written_by::text AS written_by FROM payroll_entry_draft_lines
          WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
            AND line_id = ANY(${ids}::text[])`
      : [];
    const stored = new Map(rows.map((row) => [row.line_id, row]));
    const contested: { id: string; yours: StoredLine | null; written: boolean }[] = [];
    const lineRevisions: Record<string, number> = {};
    const writes: StoredLine[] = [];
    // Lines whose result differs from the sender's in cells others changed: sent back to be shown.
    const merged = new Map<string, StoredLine>();
    for (const change of unique) {
      const now = stored.get(change.id);
      const decision = decideChange(now, change);
      const yours = { id: change.id, employee_id: change.employee_id, values: change.values };
      if (decision.kind === "same" || decision.kind === "stored") {
        lineRevisions[change.id] = now?.revision ?? draft.revision;
        const values = now && decision.kind === "stored" ? theirs(now, key, new Map()).values : null;
        if (now && values) merged.set(change.id, { id: change.id, employee_id: now.employee_id, values });
      } else if (decision.kind === "write") {
        writes.push(decision.line);
        if (decision.merged) merged.set(change.id, decision.line);
      } else {
        if (decision.line) writes.push(decision.line);
        contested.push({ id: change.id, yours, written: decision.line !== null });
      }
    }
    const removing: string[] = [];
    for (const removal of removed) {
      const now = stored.get(removal.id);
      if (!now || now.deleted) continue;
      if (removal.base !== undefined && now.revision <= removal.base) removing.push(removal.id);
      else contested.push({ id: removal.id, yours: null, written: false });
    }
    const names = contested.length ? await writerNames(tx, rows) : new Map<string, string>();
    let revision = draft.revision;
    let updatedAt = draft.updated_at;
    if (writes.length || removing.length) {
      const row = await tx.payrollEntryDraft.update({
        where: where(key),
        data: { revision: { increment: 1 } },
        select: { revision: true, updatedAt: true },
      });
      ({ revision, updatedAt } = row);
      // Audit trail: before the lines are written (it compares with the stored ones).
      await recordDraftPatch(tx, audit, key, draftPatchChanges(stored, writes, removing));
      await writeChangedLines(tx, key, writes, revision, audit?.userId ?? null);
      await markRemoved(tx, key, removing, revision, "unlisted", audit?.userId ?? null);
    }
    const written = new Map(writes.map((line) => [line.id, line]));
    const contestedIds = new Set(contested.map((conflict) => conflict.id));
    for (const line of writes) if (!contestedIds.has(line.id)) lineRevisions[line.id] = revision;
    const conflicts = contested.map(({ id, yours, written: partly }): LineConflict => {
      const now = stored.get(id);
      if (!now) throw new Error(`A conflict of line ${id} without a stored line.`);
      const before = theirs(now, key, names);
      // The sender's cells that merged were written: theirs is the line as it is now (named by whoever wrote the contested cells).
      const line = partly ? written.get(id) : undefined;
      return { id, theirs: line ? { ...before, revision, values: line.values } : before, yours };
    });
    return {
      revision,
      updatedAt,
      lineRevisions,
      merged: [...merged.values()].map((line) => ({
        id: line.id,
        revision: lineRevisions[line.id] ?? revision,
        employee_id: line.employee_id,
        values: line.values,
      })),
      conflicts,
    };
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
  const rows = await getDb().$queryRaw<
    (Omit<StoredState, "line_id" | "written_by"> & { line_id: string | null; draft_revision: number | null })[]
  >`
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
    const parsed = readStoredJson(
      storedLineSchema,
      { id: row.line_id, employee_id: row.employee_id, values: row.values },
      `${storedName(key)} line ${row.line_id}`,
    );
    if (parsed)
      lines.push({ id: row.line_id, revision: row.revision, deleted: false, employee_id: parsed.employee_id, values: parsed.values });
  }
  return { revision, lines };
}
