import "server-only";
import { ApiError } from "@/lib/http/api-error";

/**
 * At most 10 open event streams per person in this process (the notification count, a draft's
 * lines: features/notifications/server/stream.ts, features/payroll/entries/server/draft-stream.ts); the
 * 11th is refused 429 `rate_limited` (limit `event-streams`) before it opens. One person had
 * opened 400 from one session: each holds a connection, a subscription and a heartbeat timer
 * here. A slot is given back when its stream ends (closed by the server, cancelled by the browser,
 * or the request aborted).
 *
 * Per process, not across processes (docs/adr/0163-event-stream-cap.md): what a stream costs
 * is this process's (sockets, memory, timers), so this bounds exactly that; with N processes behind
 * a balancer a person may hold up to N × 10 in all, and no database row has to outlive a killed
 * process.
 */

export const MAX_STREAMS_PER_PERSON = 10;

const holder = globalThis as { __streamSlots?: Map<string, number> };
const open = (holder.__streamSlots ??= new Map<string, number>());

/** The person's open streams in this process (tests). */
export function openStreams(userId: string): number {
  return open.get(userId) ?? 0;
}

/** Every person's open streams in this process (the metrics' `ledgerlane_event_streams_open`). */
export function openStreamCount(): number {
  let total = 0;
  for (const count of open.values()) total += count;
  return total;
}

/** Takes a slot or refuses with 429; the returned function gives it back (once, however often called). */

export function takeStreamSlot(userId: string): () => void {
  const count = openStreams(userId);
  if (count >= MAX_STREAMS_PER_PERSON) {
    throw new ApiError(
      "rate_limited",
      `You have ${MAX_STREAMS_PER_PERSON} live connections open (browser tabs): close some and reload this page.`,
      {
        retryAfterSeconds: 60,
        extra: { limit: "event-streams" },
      },
    );
  }
  open.set(userId, count + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = openStreams(userId) - 1;
    if (left > 0) open.set(userId, left);
    else open.delete(userId);
  };
}

/**
 * An event stream that holds one of the person's slots while it is open: `makeStream` runs only
 * once a slot is taken (else 429), and the slot is given back when the stream ends, is cancelled
 * or `signal` aborts.
 */
export function streamWithSlot(
  userId: string,
  signal: AbortSignal,
  makeStream: () => ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const release = takeStreamSlot(userId);
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = makeStream().getReader();
  } catch (error) {
    release();
    throw error;
  }
  if (signal.aborted) release();
  else signal.addEventListener("abort", release, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (!done) return controller.enqueue(value);
        release();
        controller.close();
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}
