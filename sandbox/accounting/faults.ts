import type { FaultAnswer } from "../core/mount";
import type { SandboxRequest, SandboxResponse } from "../types";
import { apiError } from "./api-errors";
import { authorizeFault } from "./authorize";
import { oauthErrorResponse } from "./oauth-http";
import { tooManyRequestsPage } from "./pages";
import type { AccountingState } from "./state";

/** An injected fault on an authorization page: a redirect with `error`, as RFC 6749 4.1.2.1. */
export function authorizePageFault(req: SandboxRequest, state: AccountingState, fault: FaultAnswer): SandboxResponse {
  if (fault.kind === "rate_limit") return tooManyRequestsPage(fault.retryAfter);
  return authorizeFault(req, state, fault.kind === "error" ? "server_error" : "temporarily_unavailable");
}

/** An injected fault at a token or revoke endpoint: an RFC 6749 5.2 error body. */
export function oauthEndpointFault(fault: FaultAnswer): SandboxResponse {
  const retry = { "retry-after": String(fault.retryAfter) };
  switch (fault.kind) {
    case "rate_limit":
      return oauthErrorResponse({
        status: 429,
        error: "temporarily_unavailable",
        description: "Too many requests.",
        headers: retry,
      });
    case "temporarily_unavailable":
      return oauthErrorResponse({
        status: fault.status ?? 503,
        error: "temporarily_unavailable",
        description: "The service is unavailable; wait 10 minutes.",
        headers: retry,
      });
    default:
      return oauthErrorResponse({
        status: fault.status ?? 500,
        error: "server_error",
        description: "Unexpected error (injected by the sandbox).",
      });
  }
}

/** An injected fault below {base_url}: the service's error array. */
export function apiFault(fault: FaultAnswer, headers: Record<string, string>): SandboxResponse {
  const retry = { ...headers, "retry-after": String(fault.retryAfter) };
  switch (fault.kind) {
    case "rate_limit":
      return apiError(429, "TooManyRequests", "Rate limit exceeded; retry after the Retry-After interval.", "", retry);
    case "temporarily_unavailable":
      return apiError(fault.status ?? 503, "ServiceUnavailable", "The service is temporarily unavailable.", "", retry);
    default:
      return apiError(
        fault.status ?? 500,
        "InternalServerError",
        "Unexpected error (injected by the sandbox).",
        "",
        headers,
      );
  }
}
