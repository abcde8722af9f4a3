import { describe, expect, it } from "vitest";
import { limiter } from "./limiter";

describe("limiter", () => {
  it("runs at most `size` at once, in the order asked, and goes on after a failure", async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const runs = [0, 1, 2, 3, 4].map((index) =>
      limit(async () => {
        started.push(index);
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        if (index === 1) throw new Error("column 1 failed");
        return index;
      }),
    );
    const settled = Promise.allSettled(runs);
    for (let released = 0; released < 5; released += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      releases.shift()!();
    }
    const results = await settled;
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
  });
});
