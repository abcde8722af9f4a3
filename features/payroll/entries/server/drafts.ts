import "server-only";
import { recordDraftSave } from "./audit";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { StoredLine } from "../kinds";
import { readStoredJson } from "@/features/payroll/stored-json";
import { assertMonthOpen } from "@/features/payroll/month-lock/server/frozen";
import type { ChangedLine } from "../draft-answers";
import type { StoredState } from "../draft-merge";
import { storedLineSchema } from "../schemas";
import { byId, markRemoved, storedName, where, writeLinesInOrder, type DraftKey } from "./draft-rows";

// A grid's draft of one month and kind: read, saved whole, and the lines changed since a
// revision (for the stream). A page's save of its changed lines is draft-patch.ts.

export type { DraftKey } from "./draft-rows";
export { patchEntryDraft } from "./draft-patch";

export interface EntryDraft {
  lines: StoredLine[];
  /** Ids of stored lines that no longer parse (logged, left out of `lines`), for the page to flag. */
  unreadableLineIds: string[];
  revision: number;
  /** Each line's revision (the draft's revision of the save that last wrote it): what a save names as its base. */
  lineRevisions: Record<string, number>;
  updatedAt: Date;
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
    await assertMonthOpen(tx, key, audit);
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

/** The draft's revision and every line written after `since` (removals too), in the draft's order. */
export async function linesChangedSince(
  key: DraftKey,
  since: number,
): Promise<{ revision: number; lines: ChangedLine[] }> {
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
      lines.push({
        id: row.line_id,
        revision: row.revision,
        deleted: false,
        employee_id: parsed.employee_id,
        values: parsed.values,
      });
  }
  return { revision, lines };
}
