import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { releaseAbortReasonStacks } from "./abort-reasons";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** An aborted controller whose reason was created inside a method of a large object, as React's flush does. */
function abortInsideMethodOf(): { controller: AbortController; held: WeakRef<object> } {
  const controller = new AbortController();
  const holder = {
    payload: new Array(100_000).fill("x"),
    finish() {
      controller.abort(new Error("This render completed successfully."));
    },
  };
  holder.finish();
  return { controller, held: new WeakRef(holder) };
}

async function collected(held: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 5; i += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
  return held.deref() === undefined;
}

describe("releaseAbortReasonStacks", () => {
  it("without it, an abort reason's unread stack keeps the frame's receiver alive", async () => {
    const { controller, held } = abortInsideMethodOf();
    expect(await collected(held)).toBe(false);
    expect(controller.signal.aborted).toBe(true);
  });

  it("with it, the receiver is released while the aborted signal lives on, and the reason is unchanged", async () => {
    releaseAbortReasonStacks();
    const { controller, held } = abortInsideMethodOf();
    expect(await collected(held)).toBe(true);
    expect(controller.signal.reason).toBeInstanceOf(Error);
    expect((controller.signal.reason as Error).stack).toContain("This render completed successfully.");
  });

  it("passes reasons that are not Errors (and no reason) through untouched", () => {
    releaseAbortReasonStacks();
    const plain = new AbortController();
    plain.abort("stop");
    expect(plain.signal.reason).toBe("stop");
    const none = new AbortController();
    none.abort();
    expect((none.signal.reason as DOMException).name).toBe("AbortError");
  });
});
