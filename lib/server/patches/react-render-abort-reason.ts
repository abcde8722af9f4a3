/**
 * Process-wide patch (see ./index.ts): React's "render completed" abort reason, read once.
 *
 * Every React Server Components render ends with `cacheController.abort(new Error("This render
 * completed successfully…"))` (React's `cacheSignal`). V8 keeps an Error's call sites as
 * structured frames until its `.stack` is first read, and those frames hold their receivers: here
 * the `Immediate` whose callback flushed the render, which carries the request's async context
 * (its `ServerResponse`, render state and the stores of the request before it). Nobody reads that
 * stack, so each finished page stayed reachable from the next one's abort reason: a chain through
 * every page since the start (heap snapshot after the memory bench: 632 ServerResponses and 4,715
 * Immediates held an hour after the load).
 *
 * Upstream: react/react#37288 (fix proposed in react/react#37289: abort with a string, no stack);
 * the same mechanism in Next's own abort reasons: vercel/next.js#97348, #97899. Seen on Next
 * 16.4.6 (its bundled React 19 canary), Node 20.20 / V8 11.3. The canaries in
 * ./react-render-abort-reason.test.ts fail once React no longer creates that Error or V8 no
 * longer keeps an unread stack's receivers: then delete this file.
 *
 * There is no hook into React's controller (it is created inside the render), so the one place
 * is `AbortController.prototype.abort`; but only React's reason is touched: its stack is read
 * (turning the frames into a string), then the abort goes on unchanged. Any other reason, Error
 * or not, is passed on without reading anything.
 */

/** The start of the message of React's abort reason (react-server's `flushCompletedChunks`). */
export const REACT_RENDER_COMPLETED = "This render completed successfully.";

let installed = false;

function isReactRenderCompleted(reason: unknown): reason is Error {
  return (
    reason instanceof Error && typeof reason.message === "string" && reason.message.startsWith(REACT_RENDER_COMPLETED)
  );
}

export function releaseReactRenderAbortStacks(): void {
  if (installed) return;
  installed = true;
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function (this: AbortController, ...args: [reason?: unknown]): void {
    const [reason] = args;
    if (isReactRenderCompleted(reason)) {
      try {
        void reason.stack;
      } catch {
        // a stack getter of its own that throws: the reason goes on as it is
      }
    }
    Reflect.apply(abort, this, args);
  };
}
