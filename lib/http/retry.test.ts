import { describe, expect, it, vi } from "vitest";
import { withDeadline } from "./deadline";
import { backoffMs, retryAfterMs, withRetries, type RetryPolicy } from "./retry";

const policy: RetryPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 10_000 };

/** A sleep that records the waits instead of waiting. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

describe("retryAfterMs", () => {
  const now = Date.parse("2026-11-30T12:00:00Z");
  it("reads delta-seconds, HTTP-dates and retry-after-ms", () => {
    expect(retryAfterMs({ "retry-after": "3" }, now)).toBe(3000);
    expect(retryAfterMs({ "retry-after": "1.5" }, now)).toBe(1500);
    expect(retryAfterMs({ "retry-after": "Mon, 30 Nov 2026 12:00:05 GMT" }, now)).toBe(5000);
    expect(retryAfterMs({ "retry-after": "Mon, 30 Nov 2026 11:00:00 GMT" }, now)).toBe(0);
    expect(retryAfterMs({ "retry-after-ms": "250", "retry-after": "9" }, now)).toBe(250);
  });
  it("ignores what it cannot read", () => {
    expect(retryAfterMs({}, now)).toBeUndefined();
    expect(retryAfterMs({ "retry-after": "soon" }, now)).toBeUndefined();
    expect(retryAfterMs({ "retry-after-ms": "x" }, now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe("backoffMs", () => {
  it("doubles from the base, jittered between half and all of it, capped", () => {
    expect(backoffMs(1, policy, () => 0)).toBe(50);
    expect(backoffMs(1, policy, () => 1)).toBe(100);
    expect(backoffMs(3, policy, () => 1)).toBe(400);
    expect(backoffMs(30, policy, () => 1)).toBe(10_000);
    expect(backoffMs(30, policy, () => 0)).toBe(5_000);
  });
});

describe("withRetries", () => {
  it("tries until success, waiting the backoff between tries", async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const value = await withRetries(async () => (++calls < 3 ? Promise.reject(new Error("down")) : "ok"), {
      policy,
      sleep,
      random: () => 1,
      decide: (outcome) => ({ retry: !outcome.ok }),
    });
    expect(value).toBe("ok");
    expect(calls).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it("stops after the attempts and throws the last failure", async () => {
    const { waits, sleep } = recordingSleep();
    const run = vi.fn(() => Promise.reject(new Error("down")));
    await expect(withRetries(run, { policy, sleep, decide: () => ({ retry: true }) })).rejects.toThrow("down");
    expect(run).toHaveBeenCalledTimes(4);
    expect(waits).toHaveLength(3);
  });

  it("returns a value at once when decide says it is final", async () => {
    const { waits, sleep } = recordingSleep();
    const value = await withRetries(async () => 404, { policy, sleep, decide: () => ({ retry: false }) });
    expect(value).toBe(404);
    expect(waits).toEqual([]);
  });

  it("honours the service's wait, and does not wait longer than the cap", async () => {
    const { waits, sleep } = recordingSleep();
    let calls = 0;
    const value = await withRetries(async () => ++calls, {
      policy,
      sleep,
      decide: (outcome) => ({ retry: outcome.ok && outcome.value < 2, retryAfterMs: 1234 }),
    });
    expect(value).toBe(2);
    expect(waits).toEqual([1234]);

    const capped = recordingSleep();
    const answer = await withRetries(async () => 429, {
      policy,
      sleep: capped.sleep,
      decide: () => ({ retry: true, retryAfterMs: 3_600_000 }),
    });
    expect(answer).toBe(429);
    expect(capped.waits).toEqual([]);
  });

  it("waits for no retry the deadline would cut short", async () => {
    const { waits, sleep } = recordingSleep();
    const run = vi.fn(() => Promise.reject(new Error("down")));
    await expect(
      withDeadline(Date.now() + 150, () =>
        withRetries(run, { policy, sleep, random: () => 1, decide: () => ({ retry: true }) }),
      ),
    ).rejects.toThrow("down");
    // 100 ms fits in the 150 ms left (the sleep is instant here); the next 200 ms does not.
    expect(waits).toEqual([100]);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
