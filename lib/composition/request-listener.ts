import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";
import { stampRequestId } from "@/lib/http/server/request-id-stamp";
import { stampSocketAddress } from "@/lib/http/server/socket-address";
import { withLogContext } from "@/lib/log/context";
import { observeRequest, recordsRequests } from "@/lib/metrics/http-requests";
import { tracing } from "@/lib/telemetry/hooks";
import { refusingFetchForbiddenMethods } from "./forbidden-methods";

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * What the app's server (server.ts) does with every request before `next` (Next's handler): the
 * connection's address stamped (lib/http/server/socket-address.ts), the request's id decided and
 * set on the answer (lib/http/server/request-id-stamp.ts: a proxy of `trusted`'s, else a new
 * one), and everything after it, the methods Next cannot take included (./forbidden-methods.ts),
 * run in the request's log context, so every line logged while it is handled names it; with
 * METRICS_PORT, its duration by route template (lib/metrics/http-requests.ts).
 */
export function appRequestListener(next: RequestListener, trusted: BlockList): RequestListener {
  const refusing = refusingFetchForbiddenMethods(next);
  const recording = recordsRequests();
  return (request, response) => {
    if (recording) observeRequest(request, response);
    stampSocketAddress(request);
    const requestId = stampRequestId(request, response, trusted);
    withLogContext({ requestId }, () =>
      tracing().serverRequest(request, response, trusted, requestId, () => refusing(request, response)),
    );
  };
}
