import type { GridModel, RemoteLineChange } from "@/features/payroll/grid/model";
import type { DraftLinesEvent } from "@/features/payroll/entries/draft-answers";
import type { ConflictStore, DraftConflict } from "./conflicts";
import { draftPatch, savedLine, type DraftPatch, type SavedLine } from "./save-body";

/**
 * What a page knows of the server's copy of its draft, for live co-editing: each line's server
 * revision (what a save names as its base), each line as last saved (what is unsaved), and the
 * conflicts awaiting a choice (those lines are not sent). The saver (saver.ts) keeps
 * one per open grid; this class decides, the saver sends and schedules.
 */
export class ServerCopy {
  private readonly serverRevs: Map<string, number>;
  private readonly saved: Map<string, SavedLine>;
  private readonly held = new Map<string, DraftConflict>();

  constructor(
    private readonly model: GridModel,
    private readonly period: string,
    lineRevisions: Readonly<Record<string, number>>,
    private readonly conflicts: ConflictStore,
  ) {
    this.serverRevs = new Map(Object.entries(lineRevisions));
    this.saved = new Map(model.lines.map((line) => [line.id, savedLine(line)]));
  }

  /**
   * Everything not yet confirmed by the server, held conflicts included, as a save's body (what
   * the browser keeps until then: local-backup.ts), or null when nothing is.
   */
  unconfirmed(): string | null {
    return draftPatch(this.model, this.period, this.saved, this.serverRevs, new Set())?.body ?? null;
  }

  /** A line's server revision as an earlier page of this draft knew it (an edit restored after a reload builds on it). */
  assumeRevision(id: string, revision: number): void {
    this.serverRevs.set(id, revision);
  }

  /** The next save's request, or null when nothing is unsaved (held lines aside); `inFlight`: a save it may overtake. */
  patch(inFlight?: DraftPatch): DraftPatch | null {
    return draftPatch(this.model, this.period, this.saved, this.serverRevs, new Set(this.held.keys()), inFlight);
  }

  /**
   * What the server answered: lines written (or already so) count as saved; conflicting ones are
   * held. `merged` lines hold cells others saved too: their revision is left for `remote` to show
   * them (the saver passes them on).
   */
  settle(
    patch: DraftPatch,
    lineRevisions: Readonly<Record<string, number>>,
    found: readonly DraftConflict[],
    merged: readonly { id: string }[] = [],
  ): void {
    const contested = new Set(found.map((conflict) => conflict.id));
    const showLater = new Set(merged.map((line) => line.id));
    for (const [id, line] of patch.sent) {
      if (contested.has(id)) continue;
      const revision = lineRevisions[id];
      if (revision !== undefined && !showLater.has(id))
        this.serverRevs.set(id, Math.max(revision, this.serverRevs.get(id) ?? 0));
      this.saved.set(id, line);
    }
    for (const [key, from] of patch.editBases) {
      const id = key.slice(0, key.indexOf("\t"));
      if (!contested.has(id) && this.model.editBases.get(key) === from) this.model.editBases.delete(key);
    }
    for (const id of patch.removed) {
      if (contested.has(id)) continue;
      this.saved.delete(id);
      this.serverRevs.delete(id);
    }
    for (const conflict of found) this.held.set(conflict.id, conflict);
    if (found.length) this.conflicts.set([...this.held.values()]);
  }

  /**
   * Lines someone else saved → the changes to show. Skipped: what this page knows already (its
   * own saves come back too), and lines with an unsaved edit here: the same content counts as
   * saved, other content is left for this page's save to meet as a conflict (never overwritten
   * unseen). A held conflict's "theirs" becomes the newer line.
   */
  remote({ lines }: DraftLinesEvent): RemoteLineChange[] {
    const shown: RemoteLineChange[] = [];
    for (const remote of lines) {
      if ((this.serverRevs.get(remote.id) ?? -1) >= remote.revision) continue;
      const conflict = this.held.get(remote.id);
      if (conflict) {
        // Who saved this newer line is not in the stream: the dialog falls back to who is on the line.
        this.held.set(remote.id, {
          ...conflict,
          theirs: {
            revision: remote.revision,
            employee_id: remote.deleted ? null : remote.employee_id,
            values: remote.deleted ? null : remote.values,
            by: null,
          },
        });
        this.conflicts.set([...this.held.values()]);
        continue;
      }
      const local = this.model.lineById(remote.id);
      const before = this.saved.get(remote.id);
      const unsaved = local ? !before || before.line !== local || before.rev !== local.rev : before !== undefined;
      if (unsaved) {
        if (local && !remote.deleted && this.cellsOf(remote.values).every((cell, col) => cell === local.cells[col])) {
          this.serverRevs.set(remote.id, remote.revision);
          if (before?.line === local) this.saved.set(remote.id, savedLine(local));
        }
        continue;
      }
      this.serverRevs.set(remote.id, remote.revision);
      shown.push({
        id: remote.id,
        employeeId: remote.employee_id,
        cells: this.cellsOf(remote.values),
        deleted: remote.deleted,
      });
    }
    return shown;
  }

  /** After the model showed `changes`: those lines are as the server has them. */
  shown(changes: readonly RemoteLineChange[]): void {
    for (const change of changes) {
      const line = this.model.lineById(change.id);
      if (line) this.saved.set(line.id, savedLine(line));
      else this.saved.delete(change.id);
    }
  }

  /**
   * A conflict's choice. Theirs: the change to show (nothing is saved). Mine: null, and the line
   * is sent again with the next save, built on their line (a line they removed is sent as new).
   */
  resolve(id: string, keep: "theirs" | "mine"): RemoteLineChange | null {
    const conflict = this.held.get(id);
    if (!conflict) return null;
    this.held.delete(id);
    this.conflicts.set([...this.held.values()]);
    this.serverRevs.set(id, conflict.theirs.revision);
    for (const key of [...this.model.editBases.keys()]) if (key.startsWith(`${id}\t`)) this.model.editBases.delete(key);
    if (keep === "mine") {
      const local = this.model.lineById(id);
      if (local && conflict.theirs.values === null) {
        this.saved.delete(id);
        this.serverRevs.delete(id);
      } else if (local) this.saved.set(id, { line: local, rev: -1, cells: this.cellsOf(conflict.theirs.values ?? {}) });
      return null;
    }
    const employeeId =
      conflict.theirs.employee_id ?? conflict.yours?.employee_id ?? this.model.lineById(id)?.employeeId ?? 0;
    return {
      id,
      employeeId,
      cells: this.cellsOf(conflict.theirs.values ?? {}),
      deleted: conflict.theirs.values === null,
    };
  }

  private cellsOf(values: Readonly<Record<string, string>>): string[] {
    return this.model.spec.columns.map((column) => values[column.key] ?? "");
  }
}
