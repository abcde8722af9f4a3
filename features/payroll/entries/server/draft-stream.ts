import { coalescedRead } from "@/lib/server/coalesced-read";
import "server-only";
import { sessionCache, type UserChangeListener } from "@/lib/auth/server/session-cache";
import { eventStream } from "@/lib/http/server/event-stream";
import { draftHub, draftKeyText, type DraftEvent, type DraftHub, type Presence } from "./draft-hub";
import { linesChangedSince, type DraftKey } from "./drafts";

/**
 * A draft's changes as server-sent events, for one open grid:
 *   `event: lines`, `id: <revision>`, `data: { revision, lines }`: the lines written after the
 *     revision sent before (removed ones with `deleted`), first those since `since` (catch-up);
 *   `event: presence`, `data: { client, name, line, gone? }`: someone else's place in the grid;
 *   `event: month`, `data: { state }`: the month's state changed (a step of the month close).
 * The `id` is what EventSource sends back as `Last-Event-ID` when it reconnects. Opening the
 * stream announces the person (line null); closing it says they are gone. A stream ends after
 * `maxAgeMs` (5 minutes) without a word to the others: the browser reconnects at once, through
 * the route's session and access checks again.
 *
 * Access is checked again while the stream is open, so a person removed from the workspace (or
 * whose roles no longer allow reading) hears nothing more: before each `lines` event is sent (read
 * after the lines, so a save committed after the removal is never sent), and whenever this
 * process hears the person changed (`ledgerlane_user_changed`, which the membership triggers send
 * to every process; see lib/auth/server/session-cache.ts), which ends the stream within moments even
 * while nobody saves.
 */

export interface DraftStreamAccess {
  userId: string;
  /** Whether the person may still read the draft (a query carrying their membership and role). */
  allowed: () => Promise<boolean>;
}

/** Where the stream hears of changed people (the process's session cache). */
export interface UserChanges {
  watch: (listener: UserChangeListener) => () => void;
}

export interface DraftStreamOptions {
  key: DraftKey;
  since: number;
  client: string;
  name: string;
  signal: AbortSignal;
  access: DraftStreamAccess;
  hub?: DraftHub;
  userChanges?: UserChanges;
  /** Comment lines that keep proxies from closing a quiet stream and notice a gone browser. */
  heartbeatMs?: number;
  maxAgeMs?: number;
}

export function draftEventStream(options: DraftStreamOptions): ReadableStream<Uint8Array> {
  const hub = options.hub ?? draftHub();
  const userChanges = options.userChanges ?? sessionCache();
  const key = draftKeyText(options.key);
  let sent = options.since;
  // Reconnect quickly after a dropped connection.
  const stream = {
    signal: options.signal,
    retryMs: 1000,
    heartbeatMs: options.heartbeatMs,
    maxAgeMs: options.maxAgeMs,
  };
  return eventStream(stream, (sink) => {
    // One read at a time; events arriving meanwhile make one more read after it.
    const readChanges = coalescedRead(
      async () => {
        const changes = await linesChangedSince(options.key, sent);
        if (sink.closed) return;
        // Asked after the read: allowed now means every line read was saved while they had access.
        if (!(await options.access.allowed())) return sink.close();
        if (sink.closed) return;
        if (changes.revision > sent || changes.lines.length) {
          sent = Math.max(sent, changes.revision);
          sink.send("lines", { revision: sent, lines: changes.lines }, sent);
        }
      },
      () => sink.closed,
      // A failed read: the browser reconnects and catches up from the last revision it saw.
      () => sink.fail(new Error("draft stream read failed")),
    );
    const onEvent = (event: DraftEvent) => {
      if (event.type === "lines") {
        if (event.revision > sent) readChanges();
      } else if (event.type === "resync") {
        readChanges();
      } else if (event.type === "month") {
        sink.send("month", { state: event.state });
      } else if (event.presence.client !== options.client) {
        sink.send("presence", event.presence);
      }
    };
    const unsubscribe = hub.subscribe(key, onEvent);
    const recheck = () => {
      void options.access.allowed().then(
        (allowed) => {
          if (!allowed) sink.close();
        },
        // Not known (the database failing): the next lines event asks again before anything is sent.
        () => undefined,
      );
    };
    const unwatch = userChanges.watch((userId) => {
      if (!sink.closed && (userId === null || userId === options.access.userId)) recheck();
    });
    readChanges();
    void hub.publish({ key, type: "presence", presence: { client: options.client, name: options.name, line: null } });
    return (reason) => {
      unsubscribe();
      unwatch();
      // A stream that reached its age, or ended by the process's stop, goes without a word: the
      // browser reconnects at once (to another process).
      if (reason !== "expired" && reason !== "shutdown")
        void hub.publish({
          key,
          type: "presence",
          presence: { client: options.client, name: options.name, line: null, gone: true },
        });
    };
  });
}

export function publishPresence(key: DraftKey, presence: Presence): Promise<void> {
  return draftHub().publish({ key: draftKeyText(key), type: "presence", presence });
}

/** After a save wrote something: every open grid of the draft reads what changed. */
export function publishDraftChange(key: DraftKey, revision: number): Promise<void> {
  return draftHub().publish({ key: draftKeyText(key), type: "lines", revision });
}
