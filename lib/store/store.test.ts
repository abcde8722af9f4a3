import { describe, expect, it, vi } from "vitest";
import { createStore } from "./store";

describe("createStore", () => {
  it("tells its listeners of a new value, not of the same one, and forgets a listener that unsubscribed", () => {
    const store = createStore(1);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(1);
    expect(listener).not.toHaveBeenCalled();
    store.set(2);
    expect(store.get()).toBe(2);
    expect(store.initial).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set(3);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("compares with `equals` when given", () => {
    const store = createStore({ n: 1 }, { equals: (a, b) => a.n === b.n });
    const listener = vi.fn();
    store.subscribe(listener);
    store.set({ n: 1 });
    expect(listener).not.toHaveBeenCalled();
    store.set({ n: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
