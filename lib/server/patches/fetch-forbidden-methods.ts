import http from "node:http";
import { ApiError } from "@/lib/http/api-error";
import { ALLOWED_METHODS } from "@/lib/http/request-url";
import { STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";

/**
 * fetch's `Request` refuses the methods CONNECT, TRACE and TRACK ("'TRACE' HTTP method is
 * unsupported"), and Next builds one for every request before proxy.ts runs, so such a request
 * was a 500 on every route. Called once per server process (instrumentation.ts), this answers
 * them at the Node HTTP server, before Next: 405 `method_not_allowed` in the envelope. Other
 * unknown methods reach proxy.ts, which answers them the same way.
 *
 * Upstream: the Fetch standard forbids these methods (undici's `Request` throws), and Next builds a
 * `NextRequest` for every request before any of our code runs (seen on Next 16.4.6, Node 20.20;
 * dust-tt/dust#12337 met the same). Without a patch, the alternative is a custom server in front
 * of Next's handler. The canary in the test fails once Next's request accepts TRACE.
 */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

let installed = false;

export function refuseFetchForbiddenMethods(): void {
  if (installed) return;
  installed = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [http.IncomingMessage, http.ServerResponse];
      if (FETCH_FORBIDDEN_METHODS.has(request.method ?? "")) {
        const error = new ApiError("method_not_allowed", `${request.method} is not allowed here.`);
        request.resume();
        response.writeHead(405, { ...STATIC_SECURITY_HEADERS, "content-type": "application/json; charset=utf-8", "cache-control": "no-store", allow: ALLOWED_METHODS });
        response.end(JSON.stringify({ ok: false, status: 405, error: error.body() }));
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}
