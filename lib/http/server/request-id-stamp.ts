import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import { isAcceptableRequestId, REQUEST_ID_HEADER } from "./request-id";
import { isTrustedAddress, normalizeAddress } from "./trusted-proxies";

/**
 * The request's id, decided once by the app's server (server.ts) before Next sees the request:
 * the `x-request-id` a trusted proxy (TRUSTED_PROXIES) sent, so the proxy's and the app's lines
 * name the same request, else a new one; an id from anyone else is ignored (a client could name
 * its requests after someone else's). Written over the request's header, for the proxy and the
 * route wrapper (./request-id.ts), and set on the answer, so every response carries it whatever
 * answers it (pages, next-auth's routes, the accounting proxy, Next's own 404s). No
 * `server-only`: server.ts, bundled for plain `node`, imports it.
 */
export function stampRequestId(request: IncomingMessage, response: ServerResponse, trusted: BlockList): string {
  const offered = request.headers[REQUEST_ID_HEADER];
  const socket = normalizeAddress(request.socket.remoteAddress);
  const fromProxy =
    socket !== null &&
    isTrustedAddress(trusted, socket) &&
    typeof offered === "string" &&
    isAcceptableRequestId(offered);
  const requestId = fromProxy ? offered : randomUUID();
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  return requestId;
}
