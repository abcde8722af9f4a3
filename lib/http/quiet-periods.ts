/**
 * The one registry of quiet periods: after `temporarily_unavailable` a service asks for
 * 10 minutes without requests. Kept per key (a base URL, a token endpoint) in this process;
 * the accounting client, the payroll client and the token endpoint consult it before calling.
 */
export const TEMPORARILY_UNAVAILABLE_WAIT_MS = 10 * 60_000;

const quietUntil = new Map<string, number>();

/** Asks for quiet at `key` until `now + ms` (never shortens a longer one). */
export function startQuietPeriod(key: string, ms = TEMPORARILY_UNAVAILABLE_WAIT_MS, now = Date.now()): number {
  const until = Math.max(quietUntil.get(key) ?? 0, now + ms);
  quietUntil.set(key, until);
  return until;
}

/** When the quiet at `key` ends, if it has not yet. */
export function quietUntilOf(key: string, now = Date.now()): number | undefined {
  const until = quietUntil.get(key);
  if (until === undefined) return undefined;
  if (until <= now) {
    quietUntil.delete(key);
    return undefined;
  }
  return until;
}

/** Test hook: forget every quiet period. */
export function resetQuietPeriods(): void {
  quietUntil.clear();
}
