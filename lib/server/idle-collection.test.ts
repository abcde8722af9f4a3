import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appIdleCollection, collectWhenQuiet } from "./idle-collection";

describe("a collection once the requests stop", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("collects once, between one and two quiet periods after the last request", () => {
    const collect = vi.fn();
    const idle = collectWhenQuiet(collect, { quietMs: 5_000 });
    idle.noteRequest();
    vi.advanceTimersByTime(4_000);
    idle.noteRequest();
    vi.advanceTimersByTime(5_000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5_000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.stop();
  });

  it("never collects a process that served nothing, nor while requests keep coming", () => {
    const collect = vi.fn();
    const idle = collectWhenQuiet(collect, { quietMs: 5_000 });
    vi.advanceTimersByTime(60_000);
    for (let second = 0; second < 60; second += 1) {
      idle.noteRequest();
      vi.advanceTimersByTime(1_000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idle.stop();
  });
});

describe("the app server's collection", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is none without --expose-gc, and two full collections a second apart with it", () => {
    vi.stubGlobal("gc", undefined);
    expect(appIdleCollection()).toBeUndefined();
    vi.useFakeTimers();
    const gc = vi.fn();
    vi.stubGlobal("gc", gc);
    const idle = appIdleCollection()!;
    idle.noteRequest();
    vi.advanceTimersByTime(5_000);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(gc).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(60_000);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc).toHaveBeenCalledWith({ type: "major" });
    idle.stop();
  });
});
