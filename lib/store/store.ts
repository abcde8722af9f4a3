/**
 * The app's one store primitive: a value outside React with get, set and subscribe, for state
 * that parts of a page share without re-rendering each other (the grid's version, the draft's
 * save status, conflicts, who else is here, the checks' summary). `useStore` (use-store.ts)
 * reads it in a component. Framework-free: classes and tests use it without React.
 *
 * Hand-written rather than zustand/vanilla or @tanstack/store: each is this same ~30 lines plus
 * middleware, devtools and batching the app does not use, and either would be a new dependency
 * for what a reader sees whole here.
 */
export interface ReadableStore<T> {
  get: () => T;
  /** The value the store was made with: what a server render and hydration read. */
  readonly initial: T;
  subscribe: (listener: () => void) => () => void;
}

export interface Store<T> extends ReadableStore<T> {
  /** Sets the value and tells the listeners, unless `equals` finds it the same as the current one. */
  set: (value: T) => void;
}

export interface StoreOptions<T> {
  /** When a new value counts as no change (no listener is told); default `Object.is`. */
  equals?: (current: T, next: T) => boolean;
}

export function createStore<T>(initial: T, options: StoreOptions<T> = {}): Store<T> {
  const equals = options.equals ?? Object.is;
  const listeners = new Set<() => void>();
  let value = initial;
  return {
    initial,
    get: () => value,
    set: (next) => {
      if (equals(value, next)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
