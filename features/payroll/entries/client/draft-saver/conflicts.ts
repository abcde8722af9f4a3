import type { LineConflict } from "@/features/payroll/entries/draft-answers";
import { createStore, type Store } from "@/lib/store/store";
import type { Peer } from "./presence";

/**
 * A line saved here that someone else changed first (a save's 409 `draft_conflict`, each changed
 * cell judged by the value its edit began from): their line and mine, awaiting a choice.
 */
export type DraftConflict = LineConflict;

/** The conflicts awaiting a choice: the dialog re-renders when they change, the grid does not. */
export type ConflictStore = Store<readonly DraftConflict[]>;

export function createConflictStore(): ConflictStore {
  return createStore<readonly DraftConflict[]>([]);
}

/**
 * Who saved the other side of a conflict: as the server knows it (the line's last writer), else
 * the one person here on that line, else the only other person here; null when unknown.
 */
export function whoSaved(conflict: DraftConflict, peers: readonly Peer[]): string | null {
  if (conflict.theirs.by) return conflict.theirs.by;
  const names = (list: readonly Peer[]) => [...new Set(list.map((peer) => peer.name))];
  const onLine = names(peers.filter((peer) => peer.line === conflict.id));
  if (onLine.length === 1) return onLine[0] ?? null;
  const everyone = names(peers);
  return everyone.length === 1 ? (everyone[0] ?? null) : null;
}
