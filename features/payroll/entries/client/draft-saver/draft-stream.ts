import type { DraftLinesEvent, DraftPresenceEvent } from "@/features/payroll/entries/draft-answers";
import type { PresenceStore } from "./presence";

/** After the stream was refused or closed for good (not a dropped connection, which EventSource retries itself). */
const REOPEN_MS = 3_000;
/** How often others not heard from are looked for (they are forgotten after PEER_TIMEOUT_MS). */
const EXPIRE_EVERY_MS = 5_000;

/** What the stream needs of EventSource (the browser's, or a stand-in in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface DraftStreamOptions {
  /** The stream's address from a revision on (requests.ts `draftStreamUrl`). */
  url: (since: number) => string;
  /** The revision the page was rendered with. */
  since: number;
  presence: PresenceStore;
  onLines: (lines: DraftLinesEvent) => void;
  /** The month's state changed (a step of the month close, by anyone, in any process). */
  onMonth?: (state: string) => void;
  /** Opens an EventSource (default: the browser's). */
  open?: (url: string) => EventSourceLike;
}

/** EventSource's readyState once it gave up (refused, or the server went away for good). */
const CLOSED = 2;

/**
 * Follows the draft's event stream (GET …/stream, server-sent events): lines others saved go to
 * `onLines`, others' presence to `presence`, the month's new state to `onMonth`. A dropped connection is resumed by EventSource with
 * the last revision it saw (`Last-Event-ID`), so the server sends what was missed; a stream the
 * server refused is opened again after a pause, from the last revision seen. Returns the stop.
 */
export function followDraftStream(options: DraftStreamOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const { presence } = options;
  let last = options.since;
  let source: EventSourceLike | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const connect = () => {
    const current = open(options.url(last));
    source = current;
    current.addEventListener("lines", (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as DraftLinesEvent;
      last = Math.max(last, data.revision);
      options.onLines(data);
    });
    current.addEventListener("month", (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { state: string };
      options.onMonth?.(data.state);
    });
    current.addEventListener("presence", (event) => {
      presence.heard(JSON.parse((event as MessageEvent<string>).data) as DraftPresenceEvent);
    });
    current.addEventListener("error", () => {
      if (stopped || current.readyState !== CLOSED) return;
      // Refused (signed out, period changed) or the server went away: others' places are unknown now.
      presence.clear();
      reopen = setTimeout(connect, REOPEN_MS);
    });
  };
  connect();
  const expire = setInterval(() => presence.expire(), EXPIRE_EVERY_MS);
  return () => {
    stopped = true;
    source?.close();
    if (reopen) clearTimeout(reopen);
    clearInterval(expire);
    presence.clear();
  };
}
