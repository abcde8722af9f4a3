import { logContext, withLogContext } from "@/lib/log/context";
import { SOCKET_ADDRESS_HEADER } from "./socket-address";

/**
 * Every request's id (issue #37, docs/adr/0250-structured-logs.md): in the `x-request-id` answer
 * header, in every error envelope (`error.requestId`) and on every log line of the request. The
 * app's server (server.ts, ./request-id-stamp.ts) decides it once per request: a trusted
 * proxy's `x-request-id`, else a new one; it writes it over the request's `x-request-id` header and
 * starts the request's log context with it. Here the proxy and the route wrapper read it back.
 * No `server-only`: proxy.ts imports it (and server.ts, through ./request-id-stamp.ts).
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** What may pass as a proxy's id: printable, no spaces, at most 128 characters (a log line's and a header's safe text). */
export function isAcceptableRequestId(value: string | undefined | null): value is string {
  return typeof value === "string" && /^[\w.:;=+/@-]{1,128}$/.test(value);
}

/**
 * This request's id: the log context's (set by server.ts), else the header server.ts wrote
 * (told by its socket stamp, which no client can send: ./socket-address.ts), else a new one
 * (not behind server.ts: tests calling handlers, `next dev`), never an id a client wrote.
 */
export function requestIdOf(headers: Headers): string {
  const known = logContext()?.requestId;
  if (known) return known;
  const stamped = headers.get(REQUEST_ID_HEADER);
  if (headers.has(SOCKET_ADDRESS_HEADER) && isAcceptableRequestId(stamped)) return stamped;
  return crypto.randomUUID();
}

/**
 * Runs `work` in the request's log context: the current one when server.ts made it for this
 * request, else a new one with `requestId` (so the envelope's and the lines' ids are the same).
 */
export function inRequestContext<T>(requestId: string, work: () => T): T {
  return logContext()?.requestId === requestId ? work() : withLogContext({ requestId }, work);
}

/** The response with its `x-request-id` header (a response whose headers cannot change is left as it is: server.ts set it on the wire). */
export function withRequestIdHeader<R extends Response>(response: R, requestId: string): R {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // Immutable headers (Response.redirect, a fetch's response passed through).
  }
  return response;
}
