/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 6 h 24 min 55 s
 * (the first attempt plus seven retries; the last one about 24 hours after the event, so a
 * receiver that is down for most of a day still gets it). After the last one the delivery is
 * failed. Pure.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  6 * HOUR + 24 * MINUTE + 55 * SECOND,
] as const;

/** The most attempts a delivery gets. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** When to try again after `attempts` failed attempts (counting the one just made), or null: give up. */
export function nextAttemptAfter(attempts: number, failedAt: Date): Date | null {
  if (attempts < 1) return failedAt;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(failedAt.getTime() + delay);
}
