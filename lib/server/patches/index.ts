import { releaseReactRenderAbortStacks } from "./react-render-abort-reason";

/**
 * The one home of the app's process-wide patches: changes to objects every module shares (a
 * built-in's prototype, Node's own classes), made once per server process from
 * instrumentation.ts before any request. Each works around one upstream defect; its file names
 * the upstream issue and the versions it was seen on, and its test holds a canary that fails once
 * upstream no longer needs the patch (then the patch and its line here go).
 *
 * - `react-render-abort-reason.ts`: `AbortController.prototype.abort` reads the stack of React's
 *   "render completed" abort reason, and only that one (react/react#37288; Next 16.4.6, V8 11.3),
 *   so finished pages are not kept alive by it.
 *
 * Not a patch: TRACE (which fetch's `Request`, and so Next, refuses with a 500) is answered 405
 * by the app's own HTTP server before Next (server.ts, lib/composition/forbidden-methods.ts, with its
 * canary).
 */
export function installProcessPatches(): void {
  releaseReactRenderAbortStacks();
}
