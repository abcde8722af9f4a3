import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { getSqlPool } from "@/lib/db/client";
import { serverEnv } from "@/lib/env/server";
import { detached } from "@/lib/server/detached";

/**
 * What a process remembers of signed-in people between requests, for the reads on every
 * proxied GET. It is only used while this process hears the database's change notifications
 * (`ledgerlane_user_changed`, sent by triggers on users, sessions, accounting connections,
 * businesses and workspace memberships, whoever writes): a change anywhere drops the person's entries within
 * milliseconds. The feed proves itself at start with a probe sent from another connection;
 * where it cannot (the embedded Postgres delivers a notification to the connection that sent
 * it), nothing is remembered and every request reads the database. Entries also age out.
 */

const CHANNEL = "ledgerlane_user_changed";
const MAX_AGE_MS = 10_000;
const MAX_ENTRIES = 10_000;
const PROBE_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 5_000;

interface Entry<T> {
  value: T;
  userId: string;
  until: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Counts the changes heard: a read that saw one arrive while it ran is not remembered. */
  private generation = 0;
  private live = false;
  private starting = false;
  private listener: pg.Client | undefined;

  constructor(private readonly options: { connectionString: () => string; sendProbe: (channel: string, payload: string) => Promise<void> }) {}

  /** The value for `key` (a session id of `userId`): remembered, or loaded and remembered until `expiresAt`. */
  async get(key: string, userId: string, load: () => Promise<{ value: T; expiresAt: number } | null>): Promise<T | null> {
    this.start();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.userId === userId && entry.until > now) return entry.value;
    const generation = this.generation;
    const loaded = await load();
    if (!loaded) return null;
    if (this.live && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value: loaded.value, userId, until: Math.min(loaded.expiresAt, Date.now() + MAX_AGE_MS) });
    }
    return loaded.value;
  }

  /** Forgets a person at once (this process's own writes need not wait for the notification). */
  forget(userId: string): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }

  /** Forgets one entry at once (a session ended by this process). */
  forgetKey(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Whether entries are being kept (the change feed is proven and connected). */
  get isLive(): boolean {
    return this.live;
  }

  /** Resolves once the feed is live, or false after `timeoutMs`. */
  async whenLive(timeoutMs = PROBE_TIMEOUT_MS * 2): Promise<boolean> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.live;
  }

  async close(): Promise<void> {
    this.goDark();
    const listener = this.listener;
    this.listener = undefined;
    this.starting = true; // no reconnect
    await listener?.end().catch(() => undefined);
  }

  private start(): void {
    if (this.starting) return;
    this.starting = true;
    // The listener lives as long as the process, not the request that first needed it.
    detached(() => void this.connect());
  }

  private goDark(): void {
    this.live = false;
    this.generation += 1;
    this.entries.clear();
  }

  private async connect(): Promise<void> {
    const listener = new pg.Client({ connectionString: this.options.connectionString() });
    const probe = `probe:${randomUUID()}`;
    let heardProbe: () => void = () => {};
    const probed = new Promise<void>((resolve) => (heardProbe = resolve));
    listener.on("notification", (message) => {
      if (message.payload === probe) return heardProbe();
      if (message.payload) this.forget(message.payload);
    });
    const retry = () => {
      this.goDark();
      if (this.listener !== listener) return;
      this.listener = undefined;
      void listener.end().catch(() => undefined);
      setTimeout(() => void this.connect(), RECONNECT_MS).unref();
    };
    listener.on("error", retry);
    listener.on("end", retry);
    this.listener = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      await this.options.sendProbe(CHANNEL, probe);
      const heard = await Promise.race([probed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref())]);
      if (this.listener !== listener) return;
      if (heard) {
        this.live = true;
        return;
      }
      // Notifications do not reach other connections here (the embedded Postgres): never remember.
      this.listener = undefined;
      listener.removeListener("end", retry);
      await listener.end().catch(() => undefined);
    } catch {
      retry();
    }
  }
}

const holder = globalThis as { __sessionCache?: SessionCache<unknown> };

/** The process's cache of signed-in people. */
export function sessionCache<T>(): SessionCache<T> {
  holder.__sessionCache ??= new SessionCache<unknown>({
    connectionString: () => serverEnv().DATABASE_URL,
    sendProbe: async (channel, payload) => {
      await getSqlPool().query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
  });
  return holder.__sessionCache as SessionCache<T>;
}
