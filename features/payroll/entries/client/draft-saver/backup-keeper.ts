import type { DraftBackupStorage } from "./local-backup";

/** Runs `task` after the next paint in a visible page (a frame, then a task), else as the next task. */
function afterPaint(task: () => void): void {
  if (
    typeof requestAnimationFrame === "function" &&
    typeof document !== "undefined" &&
    document.visibilityState === "visible"
  )
    requestAnimationFrame(() => setTimeout(task, 0));
  else setTimeout(task, 0);
}

/**
 * Writes the browser's copy of a draft's unconfirmed edits (local-backup.ts) once the change's
 * own task is over and the grid has painted it (`soon`): building that copy walks every line and
 * writes each unconfirmed one (after a 9,000-cell paste, half a megabyte), which the paste, its
 * undo and every keystroke's commit waited for before they could paint. A burst of changes is
 * written once. `now` writes at once (a save's answer, leaving the page, stopping).
 */
export class BackupKeeper {
  private due = false;
  private scheduled = 0;

  constructor(
    private readonly storage: DraftBackupStorage,
    /** The unconfirmed edits as a save's body, or null when the server has everything. */
    private readonly unconfirmed: () => string | null,
    private readonly defer: (task: () => void) => void = afterPaint,
  ) {}

  soon(): void {
    if (this.due) return;
    this.due = true;
    const ticket = ++this.scheduled;
    this.defer(() => {
      if (this.due && ticket === this.scheduled) this.now();
    });
  }

  /** Writes the copy now, if one is due (`pending`) or always. */
  now(onlyIfDue = false): void {
    if (onlyIfDue && !this.due) return;
    this.due = false;
    const body = this.unconfirmed();
    if (body) this.storage.write(body);
    else this.storage.clear();
  }
}
