import "server-only";
import { draftHub, draftKeyText, type DraftEvent, type DraftHub, type Presence } from "./draft-hub";
import { linesChangedSince, type ChangedLine, type DraftKey } from "./drafts";

/**
 * A draft's changes as server-sent events, for one open grid:
 *   `event: lines`, `id: <revision>`, `data: { revision, lines }`: the lines written after the
 *     revision sent before (removed ones with `deleted`), first those since `since` (catch-up);
 *   `event: presence`, `data: { client, name, line, gone? }`: someone else's place in the grid.
 * The `id` is what EventSource sends back as `Last-Event-ID` when it reconnects. Opening the
 * stream announces the person (line null); closing it says they are gone. A stream ends after
 * `maxAgeMs` (5 minutes) without a word to the others: the browser reconnects at once, through
 * the route's session and access checks again, so a person whose access ended stops hearing.
 */

export interface DraftStreamOptions {
  key: DraftKey;
  since: number;
  client: string;
  name: string;
  signal: AbortSignal;
  hub?: DraftHub;
  /** Comment lines that keep proxies from closing a quiet stream and notice a gone browser. */
  heartbeatMs?: number;
  maxAgeMs?: number;
}

const encoder = new TextEncoder();

function linesEvent(revision: number, lines: ChangedLine[]): string {
  return `id: ${revision}\nevent: lines\ndata: ${JSON.stringify({ revision, lines })}\n\n`;
}

export function draftEventStream(options: DraftStreamOptions): ReadableStream<Uint8Array> {
  const hub = options.hub ?? draftHub();
  const key = draftKeyText(options.key);
  let sent = options.since;
  let closed = false;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      // One read at a time; events arriving meanwhile make one more read after it.
      let reading: Promise<void> | null = null;
      let again = false;
      const readChanges = (): void => {
        if (reading) {
          again = true;
          return;
        }
        reading = (async () => {
          do {
            again = false;
            const changes = await linesChangedSince(options.key, sent);
            if (closed) return;
            if (changes.revision > sent || changes.lines.length) {
              sent = Math.max(sent, changes.revision);
              write(linesEvent(sent, changes.lines));
            }
          } while (again && !closed);
        })()
          .catch(() => {
            // A failed read: the browser reconnects and catches up from the last revision it saw.
            if (!closed) controller.error(new Error("draft stream read failed"));
            close();
          })
          .finally(() => {
            reading = null;
          });
      };
      const onEvent = (event: DraftEvent) => {
        if (event.type === "lines") {
          if (event.revision > sent) readChanges();
        } else if (event.type === "resync") {
          readChanges();
        } else if (event.presence.client !== options.client) {
          write(`event: presence\ndata: ${JSON.stringify(event.presence)}\n\n`);
        }
      };
      const unsubscribe = hub.subscribe(key, onEvent);
      const heartbeat = setInterval(() => write(": ping\n\n"), options.heartbeatMs ?? 15_000);
      const close = (farewell = true) => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        options.signal.removeEventListener("abort", onAbort);
        if (farewell) void hub.publish({ key, type: "presence", presence: { client: options.client, name: options.name, line: null, gone: true } });
        try {
          controller.close();
        } catch {
          // Already closed or errored.
        }
      };
      const expiry = setTimeout(() => close(false), options.maxAgeMs ?? 5 * 60_000);
      const onAbort = () => close();
      cleanup = onAbort;
      options.signal.addEventListener("abort", onAbort);
      // Reconnect quickly after a dropped connection.
      write("retry: 1000\n\n");
      readChanges();
      void hub.publish({ key, type: "presence", presence: { client: options.client, name: options.name, line: null } });
    },
    cancel() {
      cleanup();
    },
  });
}

export function publishPresence(key: DraftKey, presence: Presence): Promise<void> {
  return draftHub().publish({ key: draftKeyText(key), type: "presence", presence });
}

/** After a save wrote something: every open grid of the draft reads what changed. */
export function publishDraftChange(key: DraftKey, revision: number): Promise<void> {
  return draftHub().publish({ key: draftKeyText(key), type: "lines", revision });
}
