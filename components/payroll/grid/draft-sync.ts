import type { DraftConflict } from "@/lib/payroll/entries/contract";

// What live co-editing shares between the saver, the draft's event stream and what the grid
// shows: the lines others saved, the conflicts awaiting a choice, and who else is here. The wire
// shapes (a `lines` event, a conflict) are the entries' contract's (lib/payroll/entries/contract.ts).
export type { DraftConflict, RemoteLines } from "@/lib/payroll/entries/contract";

/** A small external store: its readers re-render when it changes, the grid does not. */
class Store<T> {
  private readonly listeners = new Set<() => void>();
  constructor(protected value: T) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): T => this.value;

  protected emit(): void {
    for (const listener of this.listeners) listener();
  }
}

export class ConflictStore extends Store<readonly DraftConflict[]> {
  constructor() {
    super([]);
  }

  set(conflicts: readonly DraftConflict[]): void {
    this.value = conflicts;
    this.emit();
  }
}

/** Someone else with the draft open: `line` is the id of the line they are on. */
export interface Peer {
  client: string;
  name: string;
  line: string | null;
  seen: number;
}

/** Others who announced themselves longer ago than this have closed the page without a word. */
export const PEER_TIMEOUT_MS = 45_000;

export class PresenceStore extends Store<readonly Peer[]> {
  /** Counts people seen for the first time: each makes this page announce itself again, for them. */
  newcomers = 0;

  constructor() {
    super([]);
  }

  heard(presence: { client: string; name: string; line: string | null; gone?: boolean }, now = Date.now()): void {
    const others = this.value.filter((peer) => peer.client !== presence.client && now - peer.seen < PEER_TIMEOUT_MS);
    const known = this.value.some((peer) => peer.client === presence.client);
    if (!presence.gone) {
      others.push({ client: presence.client, name: presence.name, line: presence.line, seen: now });
      if (!known) this.newcomers += 1;
    }
    this.value = others.sort((a, b) => a.name.localeCompare(b.name) || a.client.localeCompare(b.client));
    this.emit();
  }

  /** Drops those not heard from for a while. */
  expire(now = Date.now()): void {
    const kept = this.value.filter((peer) => now - peer.seen < PEER_TIMEOUT_MS);
    if (kept.length === this.value.length) return;
    this.value = kept;
    this.emit();
  }

  clear(): void {
    if (!this.value.length) return;
    this.value = [];
    this.emit();
  }
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

/** This page's id in presence messages: one per open grid. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
