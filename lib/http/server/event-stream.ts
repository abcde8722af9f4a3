import "server-only";

/**
 * Server-sent events (`text/event-stream`), the one framing of the app's streams (the
 * notifications' unread count, the payroll grid's co-editing): the text of an event, the stream's
 * skeleton and its response. The skeleton writes the reconnect delay (`retry:`) first, a comment
 * every `heartbeatMs` (15 s: keeps proxies from closing a quiet stream and notices a gone
 * browser), and ends the stream after `maxAgeMs` (5 minutes: the browser reconnects through the
 * route's checks again), when the request is aborted, or when the stream's own code closes it;
 * the stream's cleanup runs once, told why. On a graceful stop of the process every open stream
 * gets a reconnect delay and ends (`endEventStreams`), so browsers reconnect to another process.
 */

const encoder = new TextEncoder();

/** One event's text: its `id` (what EventSource sends back as `Last-Event-ID`), its name and its data as one line of JSON. */
export function formatEvent(event: string, data: unknown, id?: number | string): string {
  return `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Why a stream ended: its own code closed it, the browser went (or the request was aborted), it
 * reached its age, or the process is stopping (the browser reconnects, to another process).
 */
export type CloseReason = "closed" | "aborted" | "expired" | "shutdown";

/**
 * The open streams of this process, each with what ends it with a reconnect delay. On globalThis:
 * the shutdown hook (registered by lib/composition/prepare-process.ts) and the routes that open
 * streams may be loaded in different module graphs.
 */
const holder = globalThis as { __openEventStreams?: Set<(retryMs: number) => void>; __eventStreamsEnded?: boolean };
const openStreams = (holder.__openEventStreams ??= new Set());
/** A reconnect delay of 0.5–3 s, drawn for each stream. */
const spreadRetryMs = () => 500 + Math.floor(Math.random() * 2_500);

/**
 * Ends every open stream, each told to reconnect after a delay drawn from 0.5–3 s (`retry:`), so
 * the browsers of a stopping process come back spread out, to the processes still running,
 * rather than all at once. The graceful stop's hook (server.ts: the process is leaving).
 */
export async function endEventStreams(): Promise<void> {
  // A stream asked for on a connection still open (the stop lets requests under way finish) ends as it opens.
  holder.__eventStreamsEnded = true;
  for (const end of [...openStreams]) end(spreadRetryMs());
}

export interface EventSink {
  /** Sends one event; nothing once the stream has ended. */
  send(event: string, data: unknown, id?: number | string): void;
  /** Ends the stream. */
  close(): void;
  /** Errors the stream (the browser reconnects) and ends it. */
  fail(error: Error): void;
  readonly closed: boolean;
}

export interface EventStreamOptions {
  signal: AbortSignal;
  /** How long the browser waits before reconnecting after a dropped connection. */
  retryMs: number;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

/** A stream of server-sent events: `start` subscribes what feeds `sink` and returns its cleanup. */
export function eventStream(
  options: EventStreamOptions,
  start: (sink: EventSink) => (reason: CloseReason) => void,
): ReadableStream<Uint8Array> {
  let closed = false;
  let finish: (reason: CloseReason) => void = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      let cleanup: (reason: CloseReason) => void = () => {};
      const heartbeat = setInterval(() => write(": ping\n\n"), options.heartbeatMs ?? 15_000);
      const expiry = setTimeout(() => finish("expired"), options.maxAgeMs ?? 5 * 60_000);
      const onAbort = () => finish("aborted");
      const endForShutdown = (retryMs: number) => {
        write(`retry: ${retryMs}\n\n`);
        finish("shutdown");
      };
      finish = (reason) => {
        if (closed) return;
        closed = true;
        openStreams.delete(endForShutdown);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        options.signal.removeEventListener("abort", onAbort);
        cleanup(reason);
        try {
          controller.close();
        } catch {
          // Already closed or errored.
        }
      };
      options.signal.addEventListener("abort", onAbort);
      openStreams.add(endForShutdown);
      write(`retry: ${options.retryMs}\n\n`);
      cleanup = start({
        send: (event, data, id) => write(formatEvent(event, data, id)),
        close: () => finish("closed"),
        fail: (error) => {
          if (!closed) controller.error(error);
          finish("closed");
        },
        get closed() {
          return closed;
        },
      });
      // Asked for once the stop began (on a connection still open): ends as it opens, with the hint.
      if (holder.__eventStreamsEnded) endForShutdown(spreadRetryMs());
    },
    cancel() {
      finish("aborted");
    },
  });
}

/** The response carrying a stream of server-sent events. */
export function eventStreamResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold events back until a buffer fills.
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
