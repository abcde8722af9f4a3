import { describe, expect, it } from "vitest";
import { coalescedRead } from "./coalesced-read";

/** A read the test finishes by hand. */
function gatedRead() {
  const gates: (() => void)[] = [];
  let reads = 0;
  const read = () => {
    reads++;
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  return { read, reads: () => reads, finishNext: () => gates.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("coalescedRead", () => {
  it("reads once more after a burst of triggers during a read, not once per trigger", async () => {
    const gated = gatedRead();
    const trigger = coalescedRead(
      gated.read,
      () => false,
      () => undefined,
    );
    trigger();
    trigger();
    trigger();
    trigger();
    expect(gated.reads()).toBe(1);
    gated.finishNext();
    await settle();
    expect(gated.reads()).toBe(2);
    gated.finishNext();
    await settle();
    expect(gated.reads()).toBe(2);
    // Idle again: the next trigger reads at once.
    trigger();
    expect(gated.reads()).toBe(3);
  });

  it("reads no more once the stream is closed, and hands a failed read to onError", async () => {
    let closed = false;
    const gated = gatedRead();
    const trigger = coalescedRead(
      gated.read,
      () => closed,
      () => undefined,
    );
    trigger();
    trigger();
    closed = true;
    gated.finishNext();
    await settle();
    expect(gated.reads()).toBe(1);

    const errors: string[] = [];
    const failing = coalescedRead(
      () => Promise.reject(new Error("down")),
      () => false,
      () => errors.push("failed"),
    );
    failing();
    await settle();
    expect(errors).toEqual(["failed"]);
    // After a failure it reads again on the next trigger.
    failing();
    await settle();
    expect(errors).toEqual(["failed", "failed"]);
  });
});
