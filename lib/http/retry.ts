import { deadlineRemainingMs } from "./deadline";
import { tracing } from "@/lib/telemetry/hooks";

/**
 * The one retry core for upstream calls (openai-node's way): exponential backoff with jitter,
 * the service's `retry-after-ms` / `Retry-After` (delta-seconds or HTTP-date) honoured up to a
 * cap — a longer wait is not waited for, the failure is returned at once — and the render's
 * deadline (`./deadline.ts`): no wait that would end after it.
 */
export interface RetryPolicy {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The first backoff; doubled on each further try. */
  baseDelayMs: number;
  /** No backoff longer than this, and no Retry-After longer than this is waited for. */
  maxDelayMs: number;
}

export type Sleep = (ms: number) => Promise<void>;

const realSleep: Sleep = (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long the service asked to wait, in ms: `retry-after-ms`, else `Retry-After` (seconds or HTTP-date). */
export function retryAfterMs(
  headers: Record<string, string | undefined> | undefined,
  now = Date.now(),
): number | undefined {
  const precise = headers?.["retry-after-ms"];
  if (precise !== undefined) {
    const ms = Number.parseFloat(precise);
    if (Number.isFinite(ms) && ms >= 0) return ms;
  }
  const value = headers?.["retry-after"]?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Attempt `attempt` (1-based) failed: wait base·2^(attempt−1), jittered to 50–100 %, capped. */
export function backoffMs(
  attempt: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(attempt - 1, 30));
  return exponential / 2 + random() * (exponential / 2);
}

/** What to do after a failed try: give up, or try again (after the service's hint, when it gave one). */
export type RetryDecision = { retry: false } | { retry: true; retryAfterMs?: number };

export interface RetryOptions<T> {
  policy: RetryPolicy;
  /** Whether this outcome (a value or a thrown error) is worth another try. */
  decide: (outcome: { ok: true; value: T } | { ok: false; error: unknown }, attempt: number) => RetryDecision;
  sleep?: Sleep;
  random?: () => number;
}

/**
 * Runs `attempt` until it succeeds, `decide` says stop, the tries are used up, the wait is longer
 * than the cap, or the deadline would pass; then returns the last value or throws the last error.
 */
export async function withRetries<T>(attempt: (attempt: number) => Promise<T>, options: RetryOptions<T>): Promise<T> {
  const { policy } = options;
  const sleep = options.sleep ?? realSleep;
  for (let tried = 1; ; tried += 1) {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      // Each try's upstream spans say which try they are (lib/telemetry; a no-op while tracing is off).
      outcome = { ok: true, value: await tracing().retryAttempt(tried, () => attempt(tried)) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const delay = tried >= policy.attempts ? undefined : delayAfter(options.decide(outcome, tried), tried, options);
    if (delay === undefined) {
      if (outcome.ok) return outcome.value;
      throw outcome.error;
    }
    await sleep(delay);
  }
}

function delayAfter<T>(decision: RetryDecision, tried: number, options: RetryOptions<T>): number | undefined {
  if (!decision.retry) return undefined;
  const { policy } = options;
  if (decision.retryAfterMs !== undefined && decision.retryAfterMs > policy.maxDelayMs) return undefined;
  const delay = decision.retryAfterMs ?? backoffMs(tried, policy, options.random);
  const remaining = deadlineRemainingMs();
  // No wait the render's deadline would cut short: the failure is answered now instead.
  if (remaining !== undefined && delay >= remaining) return undefined;
  return delay;
}
