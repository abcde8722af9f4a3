/**
 * Every React Server Components render ends with `cacheController.abort(new Error("This render
 * completed successfully…"))` (React's `cacheSignal`). V8 keeps an Error's call sites as
 * structured frames until its `.stack` is first read, and those frames hold their receivers: here
 * the `Immediate` whose callback flushed the render, which carries the request's async context
 * (its `ServerResponse`, render state and the stores of the request before it). Nobody reads that
 * stack, so each finished page stayed reachable from the next one's abort reason: a chain through
 * every page since the start (heap snapshot after the memory bench: 632 ServerResponses and 4,715
 * Immediates held an hour after the load; see vercel/next.js#97348 and #97899 for the same
 * mechanism). Reading `.stack` once turns the frames into a string and lets the render go.
 *
 * Called once per server process (instrumentation.ts). An abort reason that is not an Error,
 * or whose `stack` getter throws, is passed on untouched.
 */
let installed = false;

export function releaseAbortReasonStacks(): void {
  if (installed) return;
  installed = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function (this: AbortController, ...args: [reason?: unknown]): void {
    const [reason] = args;
    if (reason instanceof Error) {
      try {
        void reason.stack;
      } catch {
        // a stack getter of its own that throws: the reason goes on as it is
      }
    }
    Reflect.apply(abort, this, args);
  };
}
