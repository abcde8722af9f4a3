import "server-only";
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

/** A draft's lines are rows of their own (`payroll_entry_draft_lines`), read back in `position` order. */
export async function loadEntryDraft(key: DraftKey): Promise<EntryDraft | null> {
  const row = await getDb().payrollEntryDraft.findUnique({
    where: where(key),
    select: { revision: true, updatedAt: true, lines: { orderBy: { position: "asc" }, select: { lineId: true, employeeId: true, values: true } } },
  });
  if (!row) return null;
  const lines: StoredLine[] = [];
  const unreadableLineIds: string[] = [];
  const stored = `payroll_entry_draft_lines of connection ${key.connectionId} company ${key.companyId} ${key.period} ${key.kind}`;
  for (const line of row.lines) {
    const parsed = readStoredJson(storedLineSchema, { id: line.lineId, employee_id: line.employeeId, values: line.values }, `${stored} line ${line.lineId}`);
    if (parsed) lines.push(parsed);
    else unreadableLineIds.push(line.lineId);
  }
  return { lines, unreadableLineIds, revision: row.revision, updatedAt: row.updatedAt };
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

/** A whole draft's lines: each at its index, rows rewritten only when their place or content differs. */
async function writeLinesInOrder(tx: Tx, key: DraftKey, lines: readonly StoredLine[]): Promise<void> {
  for (let start = 0; start < lines.length; start += LINES_PER_STATEMENT) {
    const json = linesParameter(lines.slice(start, start + LINES_PER_STATEMENT));
    await tx.$executeRaw`
      INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values")
      SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id', (${start} + e.ordinality - 1)::int, (e.line ->> 'employee_id')::int, e.line -> 'values'
      FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS e(line, ordinality)
      ON CONFLICT (connection_id, company_id, period, kind, line_id) DO UPDATE
        SET position = EXCLUDED.position, employee_id = EXCLUDED.employee_id, "values" = EXCLUDED."values"
        WHERE (payroll_entry_draft_lines.position, payroll_entry_draft_lines.employee_id, payroll_entry_draft_lines."values")
          IS DISTINCT FROM (EXCLUDED.position, EXCLUDED.employee_id, EXCLUDED."values")`;
  }
}

/** Changed lines: those the draft has keep their place (rewritten only when their content differs), new ones go after its last line. */
async function writeChangedLines(tx: Tx, key: DraftKey, lines: readonly StoredLine[]): Promise<void> {
  if (!lines.length) return;
  const json = linesParameter(lines);
  await tx.$executeRaw`
    UPDATE payroll_entry_draft_lines AS stored SET employee_id = (e.line ->> 'employee_id')::int, "values" = e.line -> 'values'
    FROM jsonb_array_elements(${json}::jsonb) AS e(line)
    WHERE stored.connection_id = ${key.connectionId}::uuid AND stored.company_id = ${key.companyId} AND stored.period = ${key.period} AND stored.kind = ${key.kind}
      AND stored.line_id = e.line ->> 'id'
      AND (stored.employee_id, stored."values") IS DISTINCT FROM ((e.line ->> 'employee_id')::int, e.line -> 'values')`;
  await tx.$executeRaw`
    INSERT INTO payroll_entry_draft_lines (connection_id, company_id, period, kind, line_id, position, employee_id, "values")
    SELECT ${key.connectionId}::uuid, ${key.companyId}, ${key.period}, ${key.kind}, e.line ->> 'id',
           (last.position + row_number() OVER (ORDER BY e.ordinality))::int, (e.line ->> 'employee_id')::int, e.line -> 'values'
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

/**
 * Saves the whole draft (the last save wins; the revision lets later patches check they build on
 * it): lines are written in the order given, lines no longer in it are deleted.
 */
export async function saveEntryDraft(key: DraftKey, lines: StoredLine[]): Promise<{ revision: number; updatedAt: Date }> {
  const unique = byId(lines);
  return getDb().$transaction(async (tx) => {
    await assertMonthOpen(tx, key);
    const row = await tx.payrollEntryDraft.upsert({
      where: where(key),
      create: { ...key },
      update: { revision: { increment: 1 } },
      select: { revision: true, updatedAt: true },
    });
    const ids = unique.map((line) => line.id);
    await tx.$executeRaw`
      DELETE FROM payroll_entry_draft_lines
      WHERE connection_id = ${key.connectionId}::uuid AND company_id = ${key.companyId} AND period = ${key.period} AND kind = ${key.kind}
        AND line_id NOT IN (SELECT unnest(${ids}::text[]))`;
    await writeLinesInOrder(tx, key, unique);
    return row;
  });
}

export class DraftConflictError extends Error {
  override name = "DraftConflictError";
  constructor() {
    super("The draft was changed elsewhere; send it whole.");
  }
}

/**
 * Replaces the lines of a draft by id (new ids are appended), only when the stored draft is still
 * at `baseRevision`: a page sends the lines it changed, not the whole month, after every edit,
 * and only their rows are written.
 */
export async function patchEntryDraft(key: DraftKey, baseRevision: number, changes: StoredLine[]): Promise<{ revision: number; updatedAt: Date }> {
  const unique = byId(changes);
  return getDb().$transaction(async (tx) => {
    await assertMonthOpen(tx, key);
    // The revision check and its bump in one statement: two patches on the same base cannot both pass.
    const { count } = await tx.payrollEntryDraft.updateMany({ where: { ...key, revision: baseRevision }, data: { revision: { increment: 1 } } });
    if (count !== 1) throw new DraftConflictError();
    await writeChangedLines(tx, key, unique);
    return { revision: baseRevision + 1, updatedAt: new Date() };
  });
}
