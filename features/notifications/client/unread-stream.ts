/** What the stream needs of EventSource (the browser's, or a stand-in in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

/** EventSource's readyState once it gave up (refused, or the server went away for good). */
const CLOSED = 2;
/** After a stream refused or closed for good: the first pause, doubled each time up to the last, with jitter. */
const REOPEN_FIRST_MS = 3_000;
const REOPEN_MAX_MS = 60_000;

export interface UnreadStreamOptions {
  url: string;
  onUnread: (unreadCount: number) => void;
  /** Whether the stream is connected (false while it is reconnecting). */
  onLive?: (live: boolean) => void;
  open?: (url: string) => EventSourceLike;
  random?: () => number;
}

/**
 * Follows the person's notification stream (GET /api/notifications/stream, server-sent events):
 * each `unread` event gives the unread count (the list may have changed). A dropped connection is
 * resumed by EventSource itself; a stream refused (signed out) or gone for good is opened again
 * after a pause that doubles up to a minute, with jitter, so many open pages of a restarted server
 * do not come back all at once. Returns the stop.
 */
export function followUnreadStream(options: UnreadStreamOptions): () => void {
  const open = options.open ?? ((url: string) => new EventSource(url));
  const random = options.random ?? Math.random;
  let source: EventSourceLike | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let pause = REOPEN_FIRST_MS;
  let stopped = false;
  const connect = () => {
    const current = open(options.url);
    source = current;
    current.addEventListener("unread", (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as { unreadCount: number };
      pause = REOPEN_FIRST_MS;
      options.onLive?.(true);
      options.onUnread(data.unreadCount);
    });
    current.addEventListener("error", () => {
      if (stopped) return;
      options.onLive?.(false);
      if (current.readyState !== CLOSED) return;
      reopen = setTimeout(connect, pause * (0.5 + random()));
      pause = Math.min(pause * 2, REOPEN_MAX_MS);
    });
  };
  connect();
  return () => {
    stopped = true;
    source?.close();
    if (reopen) clearTimeout(reopen);
  };
}
