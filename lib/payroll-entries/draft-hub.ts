import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { getSqlPool } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { NotificationFeed } from "@/lib/db/notification-feed";
import type { DraftKey } from "./drafts";

/**
 * Tells every open grid of a draft, in every app process, that it changed, and who else has it
 * open. Postgres `LISTEN/NOTIFY` on `ledgerlane_draft_changed` carries small events (the draft's
 * key and its new revision, or one person's presence) between processes; each stream then reads
 * the lines changed since the revision it last sent. Within a process an EventEmitter delivers
 * at once. Like the session cache (lib/auth/session-cache.ts), the feed proves itself with a
 * probe from another connection; where it cannot (the embedded Postgres delivers a notification
 * only to the connection that sent it, and runs in one process anyway), events stay in-process.
 */

export const DRAFT_CHANNEL = "ledgerlane_draft_changed";
const PROBE_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 2_000;

/** Someone's place in a draft's grid: `line` is the id of the line they are on (null: none). */
export interface Presence {
  client: string;
  name: string;
  line: string | null;
  gone?: boolean;
}

export type DraftEvent = { key: string; type: "lines"; revision: number } | { key: string; type: "presence"; presence: Presence };

export function draftKeyText(key: DraftKey): string {
  return `${key.connectionId}/${key.companyId}/${key.period}/${key.kind}`;
}

export class DraftHub {
  /** This process's mark on its notifications: they reached its own listeners already. */
  private readonly origin = randomUUID();
  private readonly local = new EventEmitter();
  /** Proven unable to reach other processes (the embedded Postgres): nothing is sent through the database. */
  private localOnly = false;
  private readonly feed: NotificationFeed;

  constructor(private readonly options: { connectionString: () => string; notify: (channel: string, payload: string) => Promise<void> }) {
    this.local.setMaxListeners(0);
    this.feed = new NotificationFeed({
      channel: DRAFT_CHANNEL,
      connectionString: options.connectionString,
      notify: options.notify,
      onMessage: (payload) => this.heard(payload),
      onLocalOnly: () => (this.localOnly = true),
      probeTimeoutMs: PROBE_TIMEOUT_MS,
      reconnectMs: RECONNECT_MS,
    });
  }

  /** Calls `listener` with each event of the draft `key` (see draftKeyText) until the returned function is called. */
  subscribe(key: string, listener: (event: DraftEvent) => void): () => void {
    this.feed.start();
    this.local.on(key, listener);
    return () => void this.local.off(key, listener);
  }

  /** Delivers an event here at once, and to the other processes when the feed is live. */
  async publish(event: DraftEvent): Promise<void> {
    this.feed.start();
    this.local.emit(event.key, event);
    // While the feed is still being proven, send anyway: a process that starts must not miss its first saves.
    if (!this.localOnly) await this.options.notify(DRAFT_CHANNEL, JSON.stringify({ ...event, origin: this.origin })).catch(() => undefined);
  }

  /** Whether other processes hear this one's events (the feed is proven and connected). */
  get isLive(): boolean {
    return this.feed.isLive;
  }

  /** Resolves once the feed is live, or false after `timeoutMs`. */
  whenLive(timeoutMs?: number): Promise<boolean> {
    return this.feed.whenLive(timeoutMs);
  }

  close(): Promise<void> {
    return this.feed.close();
  }

  private heard(payload: string | undefined): void {
    if (!payload) return;
    let event: (DraftEvent & { origin?: string }) | undefined;
    try {
      event = JSON.parse(payload) as DraftEvent & { origin?: string };
    } catch {
      return;
    }
    if (event.origin === this.origin || typeof event.key !== "string") return;
    const { origin: _origin, ...rest } = event;
    this.local.emit(event.key, rest as DraftEvent);
  }
}

const holder = globalThis as { __draftHub?: DraftHub };

/** The process's hub of draft events. */
export function draftHub(): DraftHub {
  holder.__draftHub ??= new DraftHub({
    connectionString: () => serverEnv().DATABASE_URL,
    notify: async (channel, payload) => {
      await getSqlPool().query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
  });
  return holder.__draftHub;
}
