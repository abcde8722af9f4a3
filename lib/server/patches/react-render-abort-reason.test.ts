import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { REACT_RENDER_COMPLETED, releaseReactRenderAbortStacks } from "./react-render-abort-reason";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** An Error created inside a method of a large object (as React's flush does), and that object, weakly. */
function errorInsideMethodOf(message: string): { error: Error; held: WeakRef<object> } {
  let error: Error | undefined;
  const holder = {
    payload: new Array(100_000).fill("x"),
    finish() {
      error = new Error(message);
    },
  };
  holder.finish();
  return { error: error!, held: new WeakRef(holder) };
}

/** The same, handed to `abort` inside the method: the controller is all that is kept. */
function abortInsideMethodOf(message: string): { controller: AbortController; held: WeakRef<object> } {
  const controller = new AbortController();
  const holder = {
    payload: new Array(100_000).fill("x"),
    finish() {
      controller.abort(new Error(message));
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

const REACT_MESSAGE = `${REACT_RENDER_COMPLETED} All cacheSignals are now aborted to allow clean up of any unused resources.`;

// Canaries: each fails once upstream no longer needs the patch (then delete it; see ./index.ts).
describe("canary: the patch is still needed", () => {
  it("V8 still keeps the receivers of an Error's frames alive until its stack is read", async () => {
    const { error, held } = errorInsideMethodOf("unread");
    expect(await collected(held), "V8 now releases unread stacks: the patch can go").toBe(false);
    expect(error.message).toBe("unread");
  });

  it("React (as bundled by Next) still aborts every finished render's cacheSignal with an Error", () => {
    // The runtimes Next's production server (server.ts) renders app pages with (webpack and Turbopack builds, stable and experimental React).
    const runtimes = path.join(
      path.dirname(createRequire(import.meta.url).resolve("next/package.json")),
      "dist/compiled/next-server",
    );
    const files = readdirSync(runtimes).filter((name) => /^app-page.*\.runtime\.prod\.js$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(path.join(runtimes, file), "utf8");
      expect(
        source.includes(`cacheController.abort(Error("${REACT_RENDER_COMPLETED}`),
        `${file}: React no longer aborts with an Error (react/react#37289?): the patch can go`,
      ).toBe(true);
    }
  });
});

describe("releaseReactRenderAbortStacks", () => {
  it("without it, React's abort reason keeps the frame's receiver alive", async () => {
    const { controller, held } = abortInsideMethodOf(REACT_MESSAGE);
    expect(await collected(held)).toBe(false);
    expect(controller.signal.aborted).toBe(true);
  });

  it("with it, React's reason releases the receiver while the aborted signal lives on, and the reason is unchanged", async () => {
    releaseReactRenderAbortStacks();
    const { controller, held } = abortInsideMethodOf(REACT_MESSAGE);
    expect(await collected(held)).toBe(true);
    expect(controller.signal.reason).toBeInstanceOf(Error);
    expect((controller.signal.reason as Error).stack).toContain(REACT_RENDER_COMPLETED);
  });

  it("leaves every other abort alone: another Error's stack stays unread (its receiver stays held)", async () => {
    releaseReactRenderAbortStacks();
    const { controller, held } = abortInsideMethodOf("The operation was cancelled by someone else.");
    expect(await collected(held)).toBe(false);
    expect((controller.signal.reason as Error).message).toBe("The operation was cancelled by someone else.");
  });

  it("passes reasons that are not Errors (and no reason) through untouched", () => {
    releaseReactRenderAbortStacks();
    const plain = new AbortController();
    plain.abort("stop");
    expect(plain.signal.reason).toBe("stop");
    const none = new AbortController();
    none.abort();
    expect((none.signal.reason as DOMException).name).toBe("AbortError");
  });
});
