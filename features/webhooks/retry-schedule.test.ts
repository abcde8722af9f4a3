import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAfter, RETRY_DELAYS_MS } from "./retry-schedule";

describe("the retry schedule", () => {
  const at = new Date("2026-11-26T10:00:00Z");
  const after = (attempts: number) => nextAttemptAfter(attempts, at)?.toISOString() ?? null;

  it("backs off 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 6 h 24 min 55 s, then gives up", () => {
    expect(after(1)).toBe("2026-11-26T10:00:05.000Z");
    expect(after(2)).toBe("2026-11-26T10:05:00.000Z");
    expect(after(3)).toBe("2026-11-26T10:30:00.000Z");
    expect(after(4)).toBe("2026-11-26T12:00:00.000Z");
    expect(after(5)).toBe("2026-11-26T15:00:00.000Z");
    expect(after(6)).toBe("2026-11-26T20:00:00.000Z");
    expect(after(7)).toBe("2026-11-26T16:24:55.000Z");
    expect(after(8)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it("keeps retrying for 24 hours and no longer", () => {
    const total = RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(23.9 * 3_600_000);
    expect(total).toBeLessThanOrEqual(24 * 3_600_000);
  });
});
