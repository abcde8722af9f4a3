import { afterEach, describe, expect, it, vi } from "vitest";
import {
  endEventStreams,
  eventStream,
  eventStreamResponse,
  formatEvent,
  type CloseReason,
  type EventSink,
} from "./event-stream";

afterEach(() => {
  vi.useRealTimers();
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function opened(options: { heartbeatMs?: number; maxAgeMs?: number } = {}) {
  const controller = new AbortController();
  const ended: CloseReason[] = [];
  let sink!: EventSink;
  const stream = eventStream({ signal: controller.signal, retryMs: 1500, ...options }, (given) => {
    sink = given;
    return (reason) => ended.push(reason);
  });
  return { stream, sink, ended, abort: () => controller.abort() };
}

describe("server-sent events", () => {
  it("frame an event as its id, its name and one line of JSON, ended by a blank line", () => {
    expect(formatEvent("lines", { revision: 7, lines: [] }, 7)).toBe(
      'id: 7\nevent: lines\ndata: {"revision":7,"lines":[]}\n\n',
    );
    expect(formatEvent("unread", { unreadCount: 2 })).toBe('event: unread\ndata: {"unreadCount":2}\n\n');
    // A line break in the data stays inside the one data line (JSON escapes it).
    expect(formatEvent("note", "a\nb")).toBe('event: note\ndata: "a\\nb"\n\n');
  });

  it("start with the reconnect delay, send events, and end once when closed: nothing after, the cleanup told why", async () => {
    const { stream, sink, ended } = opened();
    sink.send("unread", { unreadCount: 1 });
    sink.close();
    sink.send("unread", { unreadCount: 2 });
    sink.close();
    expect(sink.closed).toBe(true);
    expect(await readAll(stream)).toBe('retry: 1500\n\nevent: unread\ndata: {"unreadCount":1}\n\n');
    expect(ended).toEqual(["closed"]);
  });

  it("send a heartbeat comment while quiet and end at their age, or when the request is aborted", async () => {
    vi.useFakeTimers();
    const aged = opened({ heartbeatMs: 1_000, maxAgeMs: 2_500 });
    const text = readAll(aged.stream);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await text).toBe("retry: 1500\n\n: ping\n\n: ping\n\n");
    expect(aged.ended).toEqual(["expired"]);

    const gone = opened();
    gone.abort();
    expect(await readAll(gone.stream)).toBe("retry: 1500\n\n");
    expect(gone.ended).toEqual(["aborted"]);
  });

  it("end, each with a reconnect delay of 0.5–3 s, when the process stops; a stream already ended is left alone", async () => {
    const first = opened();
    const second = opened();
    const done = opened();
    done.sink.close();
    await endEventStreams();
    for (const stream of [first, second]) {
      const text = await readAll(stream.stream);
      const delay = /^retry: 1500\n\nretry: (\d+)\n\n$/.exec(text);
      expect(delay, text).not.toBeNull();
      expect(Number(delay![1])).toBeGreaterThanOrEqual(500);
      expect(Number(delay![1])).toBeLessThanOrEqual(3_000);
      expect(stream.ended).toEqual(["shutdown"]);
      expect(stream.sink.closed).toBe(true);
    }
    expect(done.ended).toEqual(["closed"]);
    // A stream asked for once the stop began (on a connection still open) ends as it opens, with the hint.
    const later = opened();
    expect(later.sink.closed).toBe(true);
    expect(await readAll(later.stream)).toMatch(/^retry: 1500\n\nretry: \d+\n\n$/);
    expect(later.ended).toEqual(["shutdown"]);
    // This process goes on (other tests): as a new process would start.
    (globalThis as { __eventStreamsEnded?: boolean }).__eventStreamsEnded = false;
  });

  it("error when they fail (the browser reconnects), and end all the same", async () => {
    const { stream, sink, ended } = opened();
    sink.fail(new Error("read failed"));
    await expect(readAll(stream)).rejects.toThrow("read failed");
    expect(ended).toEqual(["closed"]);
  });

  it("end when the reader cancels", async () => {
    const { stream, ended } = opened();
    await stream.cancel();
    expect(ended).toEqual(["aborted"]);
  });

  it("go out unbuffered and uncached as text/event-stream", () => {
    const response = eventStreamResponse(new ReadableStream());
    expect(Object.fromEntries(response.headers)).toEqual({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    });
  });
});
