import { createStore, type Store } from "@/lib/store/store";

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
export type DraftStatusStore = Store<DraftStatus>;

/** The same status again tells nobody; every "saved" does (its time moves on), and a failure with a new retry time. */
function sameStatus(current: DraftStatus, next: DraftStatus): boolean {
  return (
    next.state === current.state &&
    next.state !== "saved" &&
    (next.state !== "failed" || next.retryAt?.getTime() === (current as { retryAt?: Date | null }).retryAt?.getTime())
  );
}

export function createStatusStore(): DraftStatusStore {
  return createStore<DraftStatus>({ state: "saved", at: null }, { equals: sameStatus });
}
