import "server-only";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { detached } from "@/lib/server/detached";

/**
 * One process's LISTEN connection on a Postgres channel, proven before it is trusted: after
 * `LISTEN`, a probe is sent from another connection; only when it comes back is the feed live.
 * The embedded Postgres delivers a notification only to the connection that sent it, so there
 * the probe never arrives and the feed says so (`onLocalOnly`) instead of pretending. A lost
 * connection makes the feed dark (`onDark`) and reconnects. The session cache and the draft hub
 * both listen through it.
 */
export interface NotificationFeedOptions {
  channel: string;
  connectionString: () => string;
  /** Sends `payload` on `channel` from another connection (the probe). */
  notify: (channel: string, payload: string) => Promise<void>;
  onMessage: (payload: string) => void;
  /** The feed is no longer live (its connection failed or ended); a reconnect follows. */
  onDark?: () => void;
  /** Proven unable to hear other connections: nothing more is tried. */
  onLocalOnly?: () => void;
  probeTimeoutMs: number;
  reconnectMs: number;
}

export class NotificationFeed {
  private live = false;
  private starting = false;
  private listener: pg.Client | undefined;

  constructor(private readonly options: NotificationFeedOptions) {}

  /** Whether the feed is proven and connected. */
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
  async whenLive(timeoutMs = this.options.probeTimeoutMs * 2): Promise<boolean> {
    this.start();
    const deadline = Date.now() + timeoutMs;
    while (!this.live && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.live;
  }

  async close(): Promise<void> {
    this.live = false;
    this.starting = true; // no reconnect
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { channel, notify, onMessage, probeTimeoutMs, reconnectMs } = this.options;
    const listener = new pg.Client({ connectionString: this.options.connectionString() });
    const probe = `probe:${randomUUID()}`;
    let heardProbe: () => void = () => {};
    const probed = new Promise<void>((resolve) => (heardProbe = resolve));
    listener.on("notification", (message) => {
      if (message.payload === probe) return heardProbe();
      if (message.payload) onMessage(message.payload);
    });
    const retry = () => {
      this.live = false;
      this.options.onDark?.();
      if (this.listener !== listener) return;
      this.listener = undefined;
      void listener.end().catch(() => undefined);
      setTimeout(() => void this.connect(), reconnectMs).unref();
    };
    listener.on("error", retry);
    listener.on("end", retry);
    this.listener = listener;
    try {
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
      await notify(channel, probe);
      const heard = await Promise.race([probed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), probeTimeoutMs).unref())]);
      if (this.listener !== listener) return;
      if (heard) {
        this.live = true;
        return;
      }
      this.listener = undefined;
      listener.removeListener("end", retry);
      await listener.end().catch(() => undefined);
      this.options.onLocalOnly?.();
    } catch {
      retry();
    }
  }
}
