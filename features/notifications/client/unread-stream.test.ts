import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followUnreadStream, type EventSourceLike } from "./unread-stream";

// The header's stream: counts go to the page; a dropped connection is EventSource's to resume; a
// stream refused is opened again after a pause that doubles (with jitter), not at once.

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data?: unknown): void {
    const event = Object.assign(new Event(type), { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe("followUnreadStream", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("passes counts on, and opens a refused stream again after 3 s, then 6 s (jitter 0.5)", () => {
    const sources: FakeSource[] = [];
    const counts: number[] = [];
    const stop = followUnreadStream({
      url: "/api/notifications/stream",
      onUnread: (count) => counts.push(count),
      open: () => {
        const source = new FakeSource();
        sources.push(source);
        return source;
      },
      random: () => 0.5,
    });
    sources[0]!.emit("unread", { unreadCount: 2 });
    expect(counts).toEqual([2]);
    // A dropped connection (still connecting): EventSource resumes it; nothing opened here.
    sources[0]!.emit("error");
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    // Refused (closed for good): opened again after the pause, which doubles.
    sources[0]!.readyState = 2;
    sources[0]!.emit("error");
    vi.advanceTimersByTime(2_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    sources[1]!.readyState = 2;
    sources[1]!.emit("error");
    vi.advanceTimersByTime(5_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    sources[2]!.emit("unread", { unreadCount: 0 });
    expect(counts).toEqual([2, 0]);
    stop();
    expect(sources[2]!.closed).toBe(true);
  });
});
