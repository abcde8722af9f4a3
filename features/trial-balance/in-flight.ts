/**
 * Concurrent calls with the same key share one run: the first caller's promise, settled the same way
 * for all of them. The entry is removed when the run settles, so nothing is kept afterwards — a
 * failure is shared by the callers that were waiting for it and never answers a later call.
 * The key must hold everything the result depends on, including who may see it.
 */
export function sharedWhileInFlight<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, run) => {
    const existing = running.get(key);
    if (existing) return existing;
    // Started in a microtask, after the entry is set: a run that throws at once still removes it.
    const promise = Promise.resolve()
      .then(run)
      .finally(() => running.delete(key));
    running.set(key, promise);
    return promise;
  };
}
