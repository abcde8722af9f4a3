import "server-only";
import { draftPatchChanges, recordDraftPatch } from "./audit";
import type { AuditActor } from "@/lib/audit/server/record";
import { getDb } from "@/lib/db/client";
import type { StoredLine } from "../kinds";
import { readStoredJson } from "@/features/payroll/stored-json";
import { assertMonthOpen } from "@/features/payroll/month-lock/server/frozen";
import type { DraftSaved, LineConflict, TheirLine } from "../draft-answers";
import { decideChange, type LineChange, type StoredState } from "../draft-merge";
import { storedLineSchema } from "../schemas";
import { byId, markRemoved, storedName, where, writeChangedLines, type DraftKey, type Tx } from "./draft-rows";

export interface LineRemoval {
  id: string;
  base?: number | undefined;
}

/** A save's answer (draft-answers.ts), with when the draft was written and the lines in conflict. */
export type PatchResult = DraftSaved & { updatedAt: Date; conflicts: LineConflict[] };

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
  const users = await tx.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, displayName: true, email: true },
  });
  return new Map(
    users.flatMap((user) =>
      (user.displayName ?? user.email) ? [[user.id, (user.displayName ?? user.email) as string]] : [],
    ),
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
  const removed = [
    ...new Map(
      removals.filter((removal) => !changedIds.has(removal.id)).map((removal) => [removal.id, removal]),
    ).values(),
  ];
  return getDb().$transaction(async (tx) => {
    await assertMonthOpen(tx, key, audit);
    await tx.payrollEntryDraft.upsert({
      where: where(key),
      create: { ...key, revision: 0 },
      update: {},
      select: { revision: true },
    });
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
