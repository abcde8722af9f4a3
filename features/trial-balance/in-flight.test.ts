import { describe, expect, it } from "vitest";
import { sharedWhileInFlight } from "./in-flight";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("sharing a run while it is in flight", () => {
  it("runs once for concurrent calls with the same key", async () => {
    const shared = sharedWhileInFlight<string>();
    const upstream = deferred<string>();
    let runs = 0;
    const run = () => ((runs += 1), upstream.promise);
    const both = Promise.all([shared("a", run), shared("a", run)]);
    upstream.resolve("figures");
    expect(await both).toEqual(["figures", "figures"]);
    expect(runs).toBe(1);
  });

  it("runs separately for different keys", async () => {
    const shared = sharedWhileInFlight<string>();
    let runs = 0;
    const results = await Promise.all([
      shared("a", async () => `a${(runs += 1)}`),
      shared("b", async () => `b${(runs += 1)}`),
    ]);
    expect(results).toEqual(["a1", "b2"]);
  });

  it("keeps nothing once settled: a later call runs again", async () => {
    const shared = sharedWhileInFlight<number>();
    let runs = 0;
    expect(await shared("a", async () => (runs += 1))).toBe(1);
    expect(await shared("a", async () => (runs += 1))).toBe(2);
  });

  it("shares a failure with the waiting callers but not with later ones", async () => {
    const shared = sharedWhileInFlight<string>();
    const upstream = deferred<string>();
    let runs = 0;
    const run = () => ((runs += 1), upstream.promise);
    const first = shared("a", run);
    const second = shared("a", run);
    upstream.reject(new Error("down"));
    await expect(first).rejects.toThrow("down");
    await expect(second).rejects.toThrow("down");
    expect(await shared("a", async () => ((runs += 1), "back"))).toBe("back");
    expect(runs).toBe(2);
  });

  it("shares a run that throws before its first await", async () => {
    const shared = sharedWhileInFlight<string>();
    const run = () => {
      throw new Error("at once");
    };
    await expect(shared("a", run)).rejects.toThrow("at once");
    expect(await shared("a", async () => "later")).toBe("later");
  });
});
