import "server-only";
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { getSqlPool } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { ENTRY_KINDS } from "../kinds";
import type { DraftKey } from "./drafts";

/**
 * Tells every open grid of a draft, in every app process, that it changed, and who else has it
 * open. Postgres `LISTEN/NOTIFY` on `ledgerlane_draft_changed` carries small events (the draft's
 * key and its new revision, or one person's presence) between processes; each stream then reads
 * the lines changed since the revision it last sent. Within a process an EventEmitter delivers
 * at once (a process skips its own notifications). Notifications sent while this process's
 * LISTEN connection was down are lost to it: each time it is live again, every subscriber gets a
 * `resync` event and reads what it may have missed.
 */

export const DRAFT_CHANNEL = "ledgerlane_draft_changed";
const RECONNECT_MS = 2_000;
/** The key of events for every subscriber, whatever its draft. */
const EVERY_DRAFT = Symbol("every draft");

/** Someone's place in a draft's grid: `line` is the id of the line they are on (null: none). */
export interface Presence {
  client: string;
  name: string;
  line: string | null;
  gone?: boolean;
}

export type DraftEvent =
  | { key: string; type: "lines"; revision: number }
  | { key: string; type: "presence"; presence: Presence }
  /** The month's state changed (month close): every open page of the month shows it. */
  | { key: string; type: "month"; state: string }
  /** This process may have missed events (its LISTEN connection was down): read what changed. */
  | { key: string; type: "resync" };

export function draftKeyText(key: DraftKey): string {
  return `${key.connectionId}/${key.companyId}/${key.period}/${key.kind}`;
}

/**
 * The notifications telling every open grid of a month (hours and payments) its new state, for
 * `pg_notify` inside the transaction of the step: Postgres delivers them at commit, to every
 * process (this one included: they carry no origin), and never for a step rolled back.
 */
export function monthChangedNotices(
  month: { connectionId: string; companyId: number; period: string },
  state: string,
): { channel: string; payload: string }[] {
  return ENTRY_KINDS.map((kind) => ({
    channel: DRAFT_CHANNEL,
    payload: JSON.stringify({ key: draftKeyText({ ...month, kind }), type: "month", state } satisfies DraftEvent),
  }));
}

export class DraftHub {
  /** This process's mark on its notifications: they reached its own listeners already. */
  private readonly origin = randomUUID();
  private readonly local = new EventEmitter();
  private readonly feed: NotificationFeed;

  constructor(
    private readonly options: {
      connectionString: () => string;
      notify: (channel: string, payload: string) => Promise<void>;
      reconnectMs?: number;
    },
  ) {
    this.local.setMaxListeners(0);
    this.feed = new NotificationFeed({
      channel: DRAFT_CHANNEL,
      connectionString: options.connectionString,
      onMessage: (payload) => this.heard(payload),
      onResync: () => this.local.emit(EVERY_DRAFT),
      reconnectMs: options.reconnectMs ?? RECONNECT_MS,
    });
  }

  /** Calls `listener` with each event of the draft `key` (see draftKeyText), and `resync`, until the returned function is called. */
  subscribe(key: string, listener: (event: DraftEvent) => void): () => void {
    this.feed.start();
    const resync = () => listener({ key, type: "resync" });
    this.local.on(key, listener);
    this.local.on(EVERY_DRAFT, resync);
    return () => {
      this.local.off(key, listener);
      this.local.off(EVERY_DRAFT, resync);
    };
  }

  /** Delivers an event here at once, and to the other processes through the database. */
  async publish(event: DraftEvent): Promise<void> {
    this.feed.start();
    this.local.emit(event.key, event);
    await this.options.notify(DRAFT_CHANNEL, JSON.stringify({ ...event, origin: this.origin })).catch(() => undefined);
  }

  /** Whether this process hears the others' events (its LISTEN connection is up). */
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
