/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h (the first
 * attempt plus six retries, about 17.6 hours after the event; the last retry falls well inside
 * the 24 hours a receiver may be down). After the last one the delivery is failed. Pure.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;

/** The most attempts a delivery gets. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts (counting the one just made), or null: give up. */
export function nextAttemptAfter(attempts: number, failedAt: Date): Date | null {
  if (attempts < 1) return failedAt;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
