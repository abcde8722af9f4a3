/**
 * At most `size` runs at once; the others wait their turn in the order they asked. The pack's
 * columns are up to 14 calls of one person to one service: four at a time keeps the service's
 * rate limits and the app's memory (each answer is parsed whole) in bounds, and the first
 * columns come first.
 */
export function limiter(size: number): <T>(run: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return async <T>(run: () => Promise<T>) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await run();
    } finally {
      next();
    }
  };
}
