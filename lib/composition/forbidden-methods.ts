import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiErrorBody } from "@/lib/http/envelope";
import { ALLOWED_METHODS } from "@/lib/http/request-url";
import { STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";
import { logContext } from "@/lib/log/context";

/**
 * fetch's `Request` refuses the methods CONNECT, TRACE and TRACK ("'TRACE' HTTP method is
 * unsupported"), and Next builds one for every request before proxy.ts runs, so such a request
 * was a 500 on every route. The app's own HTTP server (server.ts) answers them before handing the
 * request to Next: 405 `method_not_allowed` in the envelope, with `Allow` and the security
 * headers and the request's id, as proxy.ts answers every other unknown method. (Of the three only TRACE reaches a
 * request listener: Node's parser answers TRACK with 400, and hands CONNECT to the server's
 * `connect` event, which has no listener, so the connection is closed.)
 *
 * Upstream: the Fetch standard forbids these methods (undici's `Request` throws), and Next builds
 * a `NextRequest` for every request before any of our code runs (seen on Next 16.4.6, Node 20.20;
 * dust-tt/dust#12337 met the same). The canary in the test fails once Next's request accepts
 * TRACE: then proxy.ts can answer it and this listener can go.
 */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** `next`, behind a 405 for the methods fetch's `Request` refuses. */
export function refusingFetchForbiddenMethods(next: RequestListener): RequestListener {
  return (request, response) => {
    const method = request.method ?? "";
    if (!FETCH_FORBIDDEN_METHODS.has(method)) return next(request, response);
    const error: ApiErrorBody = { code: "method_not_allowed", message: `${method} is not allowed here.` };
    // The id server.ts gave the request (./request-listener.ts), as every error envelope carries it.
    const requestId = logContext()?.requestId;
    if (requestId) error.requestId = requestId;
    request.resume();
    response.writeHead(405, {
      ...STATIC_SECURITY_HEADERS,
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      allow: ALLOWED_METHODS,
    });
    response.end(JSON.stringify({ ok: false, status: 405, error }));
  };
}
