import "server-only";
import { NotificationFeed } from "@/lib/db/notification-feed";
import { serverEnv } from "@/lib/env/server";

/**
 * What a process remembers of signed-in people between requests, for the reads on every
 * proxied GET. It is only used while this process hears the database's change notifications
 * (`ledgerlane_user_changed`, sent by triggers on users, sessions, accounting connections,
 * businesses and workspace memberships, whoever writes): a change anywhere drops the person's
 * entries within milliseconds. While the LISTEN connection is down nothing is remembered, and
 * each time it is live again everything is forgotten (changes made meanwhile were not heard).
 * Entries also age out.
 */

const CHANNEL = "ledgerlane_user_changed";
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 5_000;

interface Entry<T> {
  value: T;
  userId: string;
  until: number;
}

/** Told of a person whose sessions, memberships or roles may have changed (null: anyone's, while changes could not be heard). */
export type UserChangeListener = (userId: string | null) => void;

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly watchers = new Set<UserChangeListener>();
  /** Counts the changes heard: a read that saw one arrive while it ran is not remembered. */
  private generation = 0;
  private readonly feed: NotificationFeed;

  constructor(options: { connectionString: () => string; reconnectMs?: number }) {
    this.feed = new NotificationFeed({
      channel: CHANNEL,
      connectionString: options.connectionString,
      onMessage: (userId) => this.forget(userId),
      // Changes may be missed while dark: forget everything, and remember nothing until live again;
      // then forget what was read while dark (a read that began then may hold an unheard change).
      onDark: () => this.forgetAll(),
      onResync: () => this.forgetAll(),
      reconnectMs: options.reconnectMs ?? RECONNECT_MS,
    });
  }

  /** The value for `key` (a session id of `userId`): remembered, or loaded and remembered until `expiresAt`. */
  async get(
    key: string,
    userId: string,
    load: () => Promise<{ value: T; expiresAt: number } | null>,
  ): Promise<T | null> {
    this.feed.start();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.userId === userId && entry.until > now) return entry.value;
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    if (this.feed.isLive && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, {
        value: loaded.value,
        userId,
        until: Math.min(loaded.expiresAt, Date.now() + MAX_AGE_MS),
      });
    }
    return loaded.value;
  }

  /** Forgets a person at once (this process's own writes need not wait for the notification). */
  forget(userId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
    this.tell(userId);
  }

  /**
   * Calls `listener` with each person this process hears changed (the same notifications, and
   * this process's own `forget`), and with null when the feed went dark (changes may have been
   * missed), until the returned function is called. Open event streams re-check access on it.
   */
  watch(listener: UserChangeListener): () => void {
    this.feed.start();
    this.watchers.add(listener);
    return () => void this.watchers.delete(listener);
  }

  /** Forgets one entry at once (a session ended by this process). */
  forgetKey(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Whether entries are being kept (the change feed is connected). */
  get isLive(): boolean {
    return this.feed.isLive;
  }

  /** Resolves once the feed is live, or false after `timeoutMs`. */
  whenLive(timeoutMs?: number): Promise<boolean> {
    return this.feed.whenLive(timeoutMs);
  }

  async close(): Promise<void> {
    this.forgetAll();
    await this.feed.close();
  }

  private forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.tell(null);
  }

  private tell(userId: string | null): void {
    for (const listener of this.watchers) {
      try {
        listener(userId);
      } catch {
        // A listener's failure is its own; the others still hear.
      }
    }
  }
}

const holder = globalThis as { __sessionCache?: SessionCache<unknown> };

/** The process's cache of signed-in people. */
export function sessionCache<T>(): SessionCache<T> {
  holder.__sessionCache ??= new SessionCache<unknown>({ connectionString: () => serverEnv().DATABASE_URL });
  return holder.__sessionCache as SessionCache<T>;
}
