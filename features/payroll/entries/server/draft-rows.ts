import "server-only";
import type { Prisma } from "@/lib/db/generated/client";
import type { EntryKind, StoredLine } from "../kinds";

// A draft's rows (`payroll_entry_drafts`, `payroll_entry_draft_lines`): its key and the
// statements that write its lines, shared by a whole save (drafts.ts) and a page's patch
// (draft-patch.ts).

export interface DraftKey {
  connectionId: string;
  companyId: number;
  period: string;
  kind: EntryKind;
}

export type Tx = Prisma.TransactionClient;

export function where(key: DraftKey) {
  return {
    connectionId_companyId_period_kind: {
      connectionId: key.connectionId,
      companyId: key.companyId,
      period: key.period,
      kind: key.kind,
    },
  };
}

export function storedName(key: DraftKey): string {
  return `payroll_entry_draft_lines of connection ${key.connectionId} company ${key.companyId} ${key.period} ${key.kind}`;
}

/** One entry per line id: the first one's place, the last one's content (what the grid's ids guarantee anyway). */
export function byId(lines: readonly StoredLine[]): StoredLine[] {
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
export async function writeLinesInOrder(
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
export async function writeChangedLines(
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
export async function markRemoved(
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
