import "server-only";
import pg from "pg";
import { detached } from "@/lib/server/detached";

/**
 * One process's LISTEN connection on a Postgres channel (the session cache and the draft hub
 * both listen through one each). It is live once `LISTEN` succeeded. A lost connection (the
 * server restarted, or dropped it) makes the feed dark (`onDark`) and reconnects every
 * `reconnectMs`; notifications sent meanwhile are lost for it, so each time it is live (the
 * first time too: a listener may have subscribed before) `onResync` tells the user of the feed to
 * catch up from the database.
 */
export interface NotificationFeedOptions {
  channel: string;
  connectionString: () => string;
  onMessage: (payload: string) => void;
  /** The feed was live and is no longer (its connection failed or ended); reconnects follow. */
  onDark?: () => void;
  /** Live (again): whatever was sent while it was not was not heard. */
  onResync?: () => void;
  reconnectMs: number;
}

/** This process's listening connection's application_name, so that it can be told apart among the server's backends. */
export function listenerName(channel: string): string {
  return `ledgerlane listen ${channel} ${process.pid}`;
}

/** Every feed of this process (on globalThis: several module graphs make feeds), for the graceful stop to close. */
const holder = globalThis as { __notificationFeeds?: Set<NotificationFeed> };
const feeds = (holder.__notificationFeeds ??= new Set());

/** Closes every listening connection of this process (its graceful stop: lib/composition/prepare-process.ts). */
export async function closeNotificationFeeds(): Promise<void> {
  await Promise.all([...feeds].map((feed) => feed.close()));
}

export class NotificationFeed {
  private live = false;
  private starting = false;
  private closed = false;
  private listener: pg.Client | undefined;

  constructor(private readonly options: NotificationFeedOptions) {
    feeds.add(this);
  }

  /** Whether the feed is connected and listening. */
  get isLive(): boolean {
    return this.live;
  }

  /** Connects once per process, outside the request that first needed it (it lives as long as the process). */
  start(): void {
    if (this.starting) return;
    this.starting = true;
    detached(() => void this.connect());
  }

  /** Resolves once the feed is live, or false after `timeoutMs`. */
  async whenLive(timeoutMs = 5_000): Promise<boolean> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.live;
  }

  async close(): Promise<void> {
    feeds.delete(this);
    this.live = false;
    this.closed = true;
    this.starting = true; // no reconnect
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { channel, onMessage, reconnectMs } = this.options;
    const listener = new pg.Client({
      connectionString: this.options.connectionString(),
      application_name: listenerName(channel),
    });
    listener.on("notification", (message) => {
      if (message.payload) onMessage(message.payload);
    });
    const retry = () => {
      if (this.listener !== listener) return;
      const wasLive = this.live;
      this.live = false;
      this.listener = undefined;
      if (wasLive) this.options.onDark?.();
      void listener.end().catch(() => undefined);
      setTimeout(() => void this.connect(), reconnectMs).unref();
    };
    listener.on("error", retry);
    listener.on("end", retry);
    this.listener = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
      if (this.listener !== listener) return;
      this.live = true;
      this.options.onResync?.();
    } catch {
      retry();
    }
  }
}
