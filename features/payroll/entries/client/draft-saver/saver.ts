import type { DraftLinesEvent } from "@/features/payroll/entries/draft-answers";
import type { GridModel, RemoteLineChange } from "@/features/payroll/grid/model";
import { createConflictStore } from "./conflicts";
import { BackupKeeper } from "./backup-keeper";
import { parseBackup, restoreBackup, type DraftBackupStorage } from "./local-backup";
import { isFrozen, sendSave, type SaveAnswer } from "./save-answer";
import type { DraftPatch } from "./save-body";
import { createStatusStore } from "./save-status";
import { ServerCopy } from "./server-copy";

/** Quiet time after an edit before saving, and the longest an edit waits while typing goes on: saved within 2 s. */
const QUIET_MS = 500;
const MAX_WAIT_MS = 1_200;
/** After failed saves the next try waits 2 s, 4 s, … 30 s instead of hammering the server. */
const MAX_RETRY_WAIT_MS = 30_000;

export interface DraftSaverOptions {
  model: GridModel;
  period: string;
  /** Each stored line's revision, as the page was rendered. */
  lineRevisions: Readonly<Record<string, number>>;
  /** Sends a save's body (requests.ts `sendDraftSave`): the answer, or an ApiRequestError (a 409 `draft_conflict` with its detail). */
  send: (body: string, keepalive: boolean) => Promise<SaveAnswer>;
  /** Where edits not yet confirmed are kept meanwhile (local-backup.ts); null: nowhere (a reader's grid). */
  backup: DraftBackupStorage | null;
  /** Commits an open cell editor's text now (before the page is left). */
  commitOpenEdit?: () => void;
}

/**
 * Saves a grid's draft on the server after every change, without React (the hook
 * features/payroll/components/grid/use-draft-saver.ts wires it to the page; tests drive it with fake
 * timers): debounced (saved
 * within 2 s), one request at a time, the lines changed and removed since the last save, each
 * changed cell with the value its edit began from. Lines someone else changed meanwhile come
 * back as conflicts: held (not sent again) until the person chooses (`resolve`). Lines others
 * saved arrive through `applyRemote` and are shown, except over this person's unsaved edit of
 * the same line: that save meets them (merged, or a conflict). A failed save is tried again by
 * itself, later each time (the status says when); until the server confirms them, the edits are
 * kept in the browser (`backup`) and restored by `start` on the next page of the draft (the
 * hand-off: page-leave.ts saves with a request that outlives the page, and whatever it could not
 * send is taken by the next page).
 */
export class DraftSaver {
  readonly status = createStatusStore();
  readonly conflicts = createConflictStore();
  private readonly model: GridModel;
  private readonly sync: ServerCopy;
  private savedVersion: number;
  private firstUnsaved: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  // Saves run one after another: each builds on the revisions the previous one returned.
  private queue: Promise<void> = Promise.resolve();
  // Consecutive failed saves: the next try waits longer.
  private failures = 0;
  // Lines from the stream are being shown: not an edit to save.
  private applyingRemote = false;
  // Saves under way (at most one from the queue, and one sent while leaving the page).
  private inFlight = 0;
  // The version a save sent while leaving the page carries: leaving fires several events.
  private leavingVersion: number | null = null;
  // The save under way (its lines, for a save sent while leaving that may overtake it).
  private sending: DraftPatch | null = null;
  // The browser's copy of what the server has not confirmed (none for a reader's grid).
  private readonly backup: BackupKeeper | null;

  constructor(private readonly options: DraftSaverOptions) {
    this.model = options.model;
    this.savedVersion = options.model.version;
    this.sync = new ServerCopy(options.model, options.period, options.lineRevisions, this.conflicts);
    this.backup = options.backup ? new BackupKeeper(options.backup, () => this.sync.unconfirmed()) : null;
  }

  /** Restores what an earlier page of this draft left unconfirmed, then saves after every change; returns the stop. */
  start(): () => void {
    const unsubscribe = this.model.subscribe(this.schedule);
    const backup = this.options.backup;
    if (backup && !this.model.readOnly) {
      // Earlier pages' (a reload, a crash) and other open pages' edits: this page saves them now.
      for (const text of backup.takeAll()) {
        const kept = parseBackup(text, this.options.period);
        if (kept) restoreBackup(this.model, this.sync, kept);
      }
      this.keep();
    }
    return () => {
      unsubscribe();
      this.backup?.now(true);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    };
  }

  /** Saves what is unsaved now; resolves when the save has ended. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.save();
  }

  /** Lines someone else saved (from the draft's event stream). */
  applyRemote(changes: DraftLinesEvent): void {
    this.show(this.sync.remote(changes));
  }

  /** A conflict's choice: their value (shown, nothing saved) or mine (saved on top of theirs). */
  resolve(id: string, keep: "theirs" | "mine"): void {
    const theirs = this.sync.resolve(id, keep);
    if (theirs) this.show([theirs]);
    else {
      // Mine, on top of theirs: saved with the next save.
      this.savedVersion = -1;
      this.schedule();
    }
    this.keep();
  }

  /**
   * Saves what is unsaved now (an open cell editor's text first) with a request that outlives the
   * page (`keepalive`, at most 64 KiB): true when nothing is left unsent. Changes too large even
   * so are saved the ordinary way (false: they may not arrive before the page goes; the browser
   * keeps them anyway).
   */
  saveBeforeLeaving(fitsKeepalive: (body: string) => boolean): boolean {
    this.options.commitOpenEdit?.();
    this.backup?.now(true);
    if (this.model.version === this.savedVersion || this.model.version === this.leavingVersion) return true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const request = this.prepare(this.inFlight > 0 ? this.sending : null);
    if (!request.patch) return true;
    if (!fitsKeepalive(request.patch.body)) {
      void this.save();
      return false;
    }
    this.leavingVersion = request.version;
    // When the page stays (only hidden) and this save failed, leaving again tries again.
    const settled = () => {
      if (this.savedVersion !== request.version) this.leavingVersion = null;
    };
    // Not through the queue when a save is under way (it waits for that one): its lines carry what that
    // save sent (`prior`), so whichever of the two the server stores last, the newer values stay.
    if (this.inFlight > 0) void this.saveNow(request, true).then(settled);
    else this.queue = this.saveNow(request, true).then(settled);
    return true;
  }

  private save(): Promise<void> {
    this.queue = this.queue.then(() => this.saveNow());
    return this.queue;
  }

  private prepare(overtaking?: DraftPatch | null) {
    return { version: this.model.version, patch: this.sync.patch(overtaking ?? undefined) };
  }

  /** Keeps what the server has not confirmed in the browser (backup-keeper.ts), or forgets it when everything is. */
  private readonly keep = () => void (this.model.readOnly || this.backup?.now());

  private async saveNow(prepared?: ReturnType<DraftSaver["prepare"]>, keepalive = false): Promise<void> {
    if (!prepared && this.model.version === this.savedVersion) return;
    const { version, patch } = prepared ?? this.prepare();
    if (!patch) {
      this.savedVersion = version;
      this.status.set({ state: "saved", at: new Date() });
      this.keep();
      return;
    }
    this.status.set({ state: "saving" });
    this.inFlight += 1;
    this.sending = patch;
    try {
      const { answer, found } = await sendSave(this.options.send, patch.body, keepalive);
      const merged = answer.merged ?? [];
      this.sync.settle(patch, answer.lineRevisions ?? {}, found, merged);
      this.savedVersion = version;
      this.failures = 0;
      // Cells others saved in the same lines: shown (unless edited here again meanwhile).
      if (merged.length)
        this.show(
          this.sync.remote({
            revision: answer.revision ?? 0,
            lines: merged.map((line) => ({ ...line, deleted: false })),
          }),
        );
      const allSaved = this.model.version === this.savedVersion;
      if (allSaved) this.firstUnsaved = null;
      this.status.set(allSaved ? { state: "saved", at: new Date() } : { state: "unsaved" });
    } catch (error) {
      // Not saved: the next save sends the same lines again, by itself (`schedule` after the queue).
      // The month went into review meanwhile (409 month_frozen): the typed values stay in the grid, said so.
      this.failures += 1;
      this.status.set(isFrozen(error) ? { state: "frozen" } : { state: "failed", retryAt: null });
      // Tried again by itself, later each time (also after a save asked for, e.g. before submitting).
      if (!keepalive) this.schedule();
    } finally {
      this.inFlight -= 1;
      if (this.sending === patch) this.sending = null;
      this.keep();
    }
  }

  private readonly schedule = (): void => {
    if (this.applyingRemote) return;
    if (!this.model.readOnly) this.backup?.soon();
    if (this.model.version === this.savedVersion) return;
    const now = Date.now();
    this.firstUnsaved ??= now;
    if (!this.failures) this.status.set({ state: "unsaved" });
    if (this.timer) clearTimeout(this.timer);
    const wait = this.failures
      ? Math.min(MAX_RETRY_WAIT_MS, 1_000 * 2 ** this.failures)
      : Math.max(0, Math.min(QUIET_MS, this.firstUnsaved + MAX_WAIT_MS - now));
    if (this.failures && this.status.get().state === "failed")
      this.status.set({ state: "failed", retryAt: new Date(now + wait) });
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save().then(() => {
        if (this.model.version !== this.savedVersion) this.schedule();
      });
    }, wait);
  };

  /** Shows lines as the server has them, as saved (no save follows). */
  private show(changes: RemoteLineChange[]): void {
    if (!changes.length) return;
    const wasSaved = this.model.version === this.savedVersion;
    this.applyingRemote = true;
    try {
      this.model.applyRemote(changes);
    } finally {
      this.applyingRemote = false;
    }
    this.sync.shown(changes);
    if (wasSaved) this.savedVersion = this.model.version;
  }
}
