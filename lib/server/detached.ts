import "server-only";
import { AsyncResource } from "node:async_hooks";
import net from "node:net";

// Long-lived resources (sockets, timers) keep the async context they were created in. Created
// inside a page view, they kept that view's context (Next's request stores, which reach its
// ServerResponse) for as long as they lived; and from it, through the stack of an abort error and
// Node's list of finished immediates, hundreds of earlier requests'. Heap snapshots taken a minute
// after lib/http/memory.bench.ts's load found ~640–790 ServerResponses and ~26 MB held that way,
// from undici's process-wide timer and Postgres sockets. Such resources are created here instead.

const holder = globalThis as { __detachedScope?: AsyncResource };

/** Called once at server start (instrumentation.ts), outside any request. */
export function prepareDetachedScope(): void {
  holder.__detachedScope ??= new AsyncResource("ledgerlane.detached");
}

/** Runs `create` in the server start's async context (once prepared), not the current request's. */
export function detached<T>(create: () => T): T {
  return holder.__detachedScope ? holder.__detachedScope.runInAsyncScope(create) : create();
}

/** A socket whose connection (and so its handle) is made outside the current request (for pg's `stream`). */
export function detachedSocket(): net.Socket {
  const socket = new net.Socket();
  const connect = socket.connect.bind(socket) as (...args: unknown[]) => net.Socket;
  socket.connect = ((...args: unknown[]) => detached(() => connect(...args))) as typeof socket.connect;
  return socket;
}
