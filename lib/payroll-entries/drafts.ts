import "server-only";
import { getDb } from "@/lib/db/client";
import type { EntryKind, StoredLine } from "./kinds";
import { storedLinesSchema } from "./schemas";

export interface EntryDraft {
  lines: StoredLine[];
  revision: number;
  updatedAt: Date;
}

export interface DraftKey {
  connectionId: string;
  companyId: number;
  period: string;
  kind: EntryKind;
}

function where(key: DraftKey) {
  return { connectionId_companyId_period_kind: { connectionId: key.connectionId, companyId: key.companyId, period: key.period, kind: key.kind } };
}

export async function loadEntryDraft(key: DraftKey): Promise<EntryDraft | null> {
  const row = await getDb().payrollEntryDraft.findUnique({ where: where(key) });
  if (!row) return null;
  const parsed = storedLinesSchema.safeParse(row.lines);
  return { lines: parsed.success ? parsed.data : [], revision: row.revision, updatedAt: row.updatedAt };
}

/** Saves the whole draft (the last save wins; the revision lets later patches check they build on it). */
export async function saveEntryDraft(key: DraftKey, lines: StoredLine[]): Promise<{ revision: number; updatedAt: Date }> {
  const row = await getDb().payrollEntryDraft.upsert({
    where: where(key),
    create: { ...key, lines: lines as object[] },
    update: { lines: lines as object[], revision: { increment: 1 } },
    select: { revision: true, updatedAt: true },
  });
  return row;
}

export class DraftConflictError extends Error {
  override name = "DraftConflictError";
  constructor() {
    super("The draft was changed elsewhere; send it whole.");
  }
}

/**
 * Replaces the lines of a draft by id (new ids are appended), only when the stored draft is still
 * at `baseRevision`: a page sends the lines it changed, not the whole month, after every edit.
 */
export async function patchEntryDraft(key: DraftKey, baseRevision: number, changes: StoredLine[]): Promise<{ revision: number; updatedAt: Date }> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.payrollEntryDraft.findUnique({ where: where(key), select: { lines: true, revision: true } });
    if (!row || row.revision !== baseRevision) throw new DraftConflictError();
    // Checked when it was written; parsing all of a 9,000-line month again on every keystroke's save is what patches avoid.
    const lines = Array.isArray(row.lines) ? (row.lines as unknown as StoredLine[]) : [];
    const position = new Map(lines.map((line, index) => [line.id, index]));
    for (const line of changes) {
      const index = position.get(line.id);
      if (index === undefined) {
        position.set(line.id, lines.length);
        lines.push(line);
      } else lines[index] = line;
    }
    const { count } = await tx.payrollEntryDraft.updateMany({
      where: { ...key, revision: baseRevision },
      data: { lines: lines as object[], revision: { increment: 1 } },
    });
    if (count !== 1) throw new DraftConflictError();
    return { revision: baseRevision + 1, updatedAt: new Date() };
  });
}
