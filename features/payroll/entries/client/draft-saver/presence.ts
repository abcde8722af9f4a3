import type { DraftPresenceEvent } from "@/features/payroll/entries/draft-answers";
import { createStore, type ReadableStore } from "@/lib/store/store";

/** Someone else with the draft open: `line` is the id of the line they are on. */
export interface Peer {
  client: string;
  name: string;
  line: string | null;
  seen: number;
}

/** Others who announced themselves longer ago than this have closed the page without a word. */
export const PEER_TIMEOUT_MS = 45_000;

/** Who else has the draft open, from the draft's stream (`presence` events): its readers re-render, the grid does not. */
export class PresenceStore implements ReadableStore<readonly Peer[]> {
  /** Counts people seen for the first time: each makes this page announce itself again, for them. */
  newcomers = 0;
  private readonly peers = createStore<readonly Peer[]>([]);
  readonly initial = this.peers.initial;
  readonly get = this.peers.get;
  readonly subscribe = this.peers.subscribe;

  heard(presence: DraftPresenceEvent, now = Date.now()): void {
    const all = this.peers.get();
    const others = all.filter((peer) => peer.client !== presence.client && now - peer.seen < PEER_TIMEOUT_MS);
    const known = all.some((peer) => peer.client === presence.client);
    if (!presence.gone) {
      others.push({ client: presence.client, name: presence.name, line: presence.line, seen: now });
      if (!known) this.newcomers += 1;
    }
    this.peers.set(others.sort((a, b) => a.name.localeCompare(b.name) || a.client.localeCompare(b.client)));
  }

  /** Drops those not heard from for a while. */
  expire(now = Date.now()): void {
    const all = this.peers.get();
    const kept = all.filter((peer) => now - peer.seen < PEER_TIMEOUT_MS);
    if (kept.length !== all.length) this.peers.set(kept);
  }

  clear(): void {
    if (this.peers.get().length) this.peers.set([]);
  }
}

/** This page's id in presence messages: one per open grid. */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
