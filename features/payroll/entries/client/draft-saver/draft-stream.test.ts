import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followDraftStream, type EventSourceLike } from "./draft-stream";
import { PresenceStore } from "./presence";
import { PresenceAnnouncer } from "./presence-announcer";

/** EventSource as the stream uses it: the test sends its events. */
class FakeSource extends EventTarget implements EventSourceLike {
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

describe("followDraftStream", () => {
  it("passes lines and presence on, and opens a refused stream again after 3 s from the last revision seen", async () => {
    const sources: FakeSource[] = [];
    const presence = new PresenceStore();
    const onLines = vi.fn();
    const stop = followDraftStream({
      url: (since) => `stream?since=${since}`,
      since: 4,
      presence,
      onLines,
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
    });
    const first = sources[0]!;
    first.send("lines", { revision: 6, lines: [] });
    first.send("presence", { client: "c1", name: "Bea", line: "a" });
    expect(onLines).toHaveBeenCalledWith({ revision: 6, lines: [] });
    expect(presence.get().map((peer) => peer.name)).toEqual(["Bea"]);
    // A dropped connection (still connecting): EventSource resumes it itself.
    first.readyState = 0;
    first.dispatchEvent(new Event("error"));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(sources).toHaveLength(1);
    // Refused for good: others' places are unknown; opened again later, from revision 6.
    first.readyState = 2;
    first.dispatchEvent(new Event("error"));
    expect(presence.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources.map((source) => source.url)).toEqual(["stream?since=4", "stream?since=6"]);
    stop();
    expect(sources[1]!.closed).toBe(true);
  });

  it("forgets others not heard from for 45 s", async () => {
    const presence = new PresenceStore();
    const sources: FakeSource[] = [];
    const stop = followDraftStream({
      url: () => "stream",
      since: 0,
      presence,
      onLines: () => {},
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
    });
    sources[0]!.send("presence", { client: "c1", name: "Bea", line: null });
    await vi.advanceTimersByTimeAsync(40_000);
    expect(presence.get()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(presence.get()).toEqual([]);
    stop();
  });
});

describe("PresenceAnnouncer", () => {
  it("announces a move after 250 ms of quiet, every 20 s, and again when someone new appears", async () => {
    const presence = new PresenceStore();
    let line: string | null = null;
    const sent: (string | null)[] = [];
    const announcer = new PresenceAnnouncer(
      presence,
      () => line,
      (at) => sent.push(at),
    );
    const stop = announcer.start();
    line = "a";
    announcer.moved();
    line = "b";
    announcer.moved();
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toEqual(["b"]);
    await vi.advanceTimersByTimeAsync(20_000 - 250);
    expect(sent).toEqual(["b", "b"]);
    presence.heard({ client: "c2", name: "Carl", line: null });
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toEqual(["b", "b", "b"]);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
  });
});
