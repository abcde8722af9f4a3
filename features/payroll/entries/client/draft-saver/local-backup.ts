import type { z } from "zod";
import { editBaseKey, type CellChange, type GridModel, type RemoteLineChange } from "@/features/payroll/grid/model";
import { draftPatchBodySchema } from "@/features/payroll/entries/schemas";

/**
 * The edits of a draft the server has not confirmed yet, kept in the browser (localStorage) so
 * that no error, reload or crash of the page loses them: written after every change and every
 * answer of the server (removed once everything is confirmed), restored when the page of the same
 * draft is opened again, by the same person, and saved from there like any edit. They are kept as
 * the save's body (each changed cell with the value its edit began from), so a restored edit of a
 * cell someone else changed meanwhile meets theirs as a conflict, as a save would have.
 */
export interface DraftBackupStorage {
  /** Every page's kept edits of this draft (this page's and earlier or other pages'), taken: removed from storage. */
  takeAll(): string[];
  /** This page's edits not yet confirmed. */
  write(body: string): void;
  /** Nothing of this page is unconfirmed. */
  clear(): void;
}

const PREFIX = "ledgerlane:unconfirmed-draft:";

/**
 * The keys' common part: one per person, payroll connection, company, month and kind (the draft
 * the edits belong to). Each open page keeps its own entry under it (`page`): two tabs of the same
 * draft never overwrite each other's, and the next page takes them all.
 */
export function draftBackupKey(owner: string, companyId: number, kind: string, period: string): string {
  return `${PREFIX}${owner}/${companyId}/${kind}/${period}/`;
}

/** localStorage under `draftKey` + `page`; a browser that refuses storage keeps nothing (the page still saves as ever). */
export function localDraftBackup(draftKey: string, page: string): DraftBackupStorage {
  const own = `${draftKey}${page}`;
  return {
    takeAll: () => {
      try {
        const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).filter(
          (key): key is string => key?.startsWith(draftKey) === true,
        );
        return keys.flatMap((key) => {
          const text = localStorage.getItem(key);
          localStorage.removeItem(key);
          return text ? [text] : [];
        });
      } catch {
        return [];
      }
    },
    write: (body) => {
      try {
        localStorage.setItem(own, body);
      } catch {
        // Full or refused: the edits stay in the page and are saved as ever.
      }
    },
    clear: () => {
      try {
        localStorage.removeItem(own);
      } catch {
        // Nothing stored.
      }
    },
  };
}

type Backup = z.infer<typeof draftPatchBodySchema>;

export function parseBackup(text: string | null, period: string): Backup | null {
  if (!text) return null;
  try {
    const parsed = draftPatchBodySchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.period === period ? parsed.data : null;
  } catch {
    return null;
  }
}

/** What restoring asks of the page's knowledge of the server (server-copy.ts): a removed or vanished line's revision as the earlier page knew it. */
interface RestoreTarget {
  assumeRevision(id: string, revision: number): void;
}

/**
 * Applies a backup's edits to the grid as unsaved edits of this person (the saver then saves
 * them): per changed cell, the value typed, based on the value its edit began from (kept in the
 * model's `editBases` where the server's value is another by now, so that the save meets it as a
 * conflict); cells already as typed are left alone. Lines new to the server come back as they
 * were; a line the server no longer has that the earlier page knew comes back built on its old
 * revision (its save meets the removal as a conflict). Removed lines are removed again, built on
 * the revision the earlier page removed.
 */
export function restoreBackup(model: GridModel, sync: RestoreTarget, backup: Backup): void {
  const keys = model.spec.columns.map((column) => column.key);
  const cells: CellChange[] = [];
  const added: RemoteLineChange[] = [];
  for (const change of backup.changes) {
    const line = model.lineById(change.id);
    if (!line) {
      if (change.base !== undefined) sync.assumeRevision(change.id, change.base);
      added.push({
        id: change.id,
        employeeId: change.employee_id,
        cells: keys.map((key) => change.values[key] ?? ""),
        deleted: false,
      });
      continue;
    }
    keys.forEach((key, col) => {
      // A line the earlier page knew names the cells it changed; a new one (or one without) all of them.
      if (change.was && !(key in change.was)) return;
      const value = change.values[key] ?? "";
      const current = line.cells[col] ?? "";
      if (value === current) return;
      const from = change.was?.[key];
      if (from !== undefined && from !== current) model.editBases.set(editBaseKey(line.id, col), from);
      cells.push({ line, col, value });
    });
  }
  // Shown as lines of their own, not as an undo step: the saver saves them as unsaved lines.
  if (added.length) model.applyRemote(added);
  if (cells.length) model.setValues(cells);
  const removed = backup.removed.flatMap((removal) => {
    const line = model.lineById(removal.id);
    if (!line) return [];
    if (removal.base !== undefined) sync.assumeRevision(removal.id, removal.base);
    return [line];
  });
  if (removed.length) model.removeLines(removed);
}
