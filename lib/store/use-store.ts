import { useSyncExternalStore } from "react";
import type { ReadableStore } from "./store";

const same = <T>(value: T) => value;

/**
 * A store's value (or the part `select` picks: it must return the same value for the same state)
 * in a component, which re-renders when it changes. The server render and hydration read the
 * store's initial value, so a store set in the browser never makes hydration mismatch.
 */
export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, S>(store: ReadableStore<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: ReadableStore<T>, select: (value: T) => S = same as (value: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial),
  );
}
