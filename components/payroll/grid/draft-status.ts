/**
 * How far saving the draft is. `failed`: not saved; `retryAt` is when the saver tries again by
 * itself (null: being decided); `frozen`: the month went into review, nothing is saved.
 */
export type DraftStatus =
  | { state: "saved"; at: Date | null }
  | { state: "unsaved" }
  | { state: "saving" }
  | { state: "failed"; retryAt: Date | null }
  | { state: "frozen" };

/** The save status, kept apart from the page's state: only the indicator re-renders when it changes, never the grid. */
export class DraftStatusStore {
  status: DraftStatus = { state: "saved", at: null };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): DraftStatus => this.status;

  set(status: DraftStatus): void {
    const same =
      status.state === this.status.state &&
      status.state !== "saved" &&
      (status.state !== "failed" || status.retryAt?.getTime() === (this.status as { retryAt?: Date | null }).retryAt?.getTime());
    if (same) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}
