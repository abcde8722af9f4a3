import "server-only";
import { EventEmitter } from "node:events";
import { serverEnv } from "@/lib/env/server";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { NOTIFICATIONS_CHANNEL } from "./notify";

/**
 * Tells each person's open pages, in every app process, that their notifications changed (a new
 * one, or some marked read). notify() and the marking send `pg_notify('ledgerlane_notifications',
 * <user id>)` in their transaction, which Postgres delivers at commit to every process's one
 * LISTEN connection (lib/db/notification-feed.ts); each process hands it to that person's streams.
 * Notifications sent while this process's connection was down are lost to it: when it is live
 * again, every stream reads its count again (`resync`).
 */

const RECONNECT_MS = 2_000;
const EVERYONE = Symbol("everyone");

export class NotificationHub {
  private readonly local = new EventEmitter();
  private readonly feed: NotificationFeed;

  constructor(options: { connectionString: () => string; reconnectMs?: number }) {
    this.local.setMaxListeners(0);
    this.feed = new NotificationFeed({
      channel: NOTIFICATIONS_CHANNEL,
      connectionString: options.connectionString,
      onMessage: (userId) => this.local.emit(userId),
      onResync: () => this.local.emit(EVERYONE),
      reconnectMs: options.reconnectMs ?? RECONNECT_MS,
    });
  }

  /** Calls `listener` whenever the person's notifications changed (or may have), until the returned function is called. */
  subscribe(userId: string, listener: () => void): () => void {
    this.feed.start();
    this.local.on(userId, listener);
    this.local.on(EVERYONE, listener);
    return () => {
      this.local.off(userId, listener);
      this.local.off(EVERYONE, listener);
    };
  }

  whenLive(timeoutMs?: number): Promise<boolean> {
    return this.feed.whenLive(timeoutMs);
  }

  close(): Promise<void> {
    return this.feed.close();
  }
}

const holder = globalThis as { __notificationHub?: NotificationHub };

/** The process's hub of notification events. */
export function notificationHub(): NotificationHub {
  holder.__notificationHub ??= new NotificationHub({ connectionString: () => serverEnv().DATABASE_URL });
  return holder.__notificationHub;
}
