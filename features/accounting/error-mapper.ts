import {
  type AccountingError,
  AccountingForbiddenError,
  AccountingNotFoundError,
  AccountingRateLimitedError,
  AccountingRequestError,
  AccountingUnauthorizedError,
  AccountingUnavailableError,
  AccountingValidationError,
  InvalidGrantError,
  OAuthEndpointError,
  type ServiceErrorItem,
} from "./errors";
import { parseJsonOrUndefined as parseJson } from "@/lib/http/json";
import { TEMPORARILY_UNAVAILABLE_WAIT_MS } from "@/lib/http/quiet-periods";
import { retryAfterMs } from "@/lib/http/retry";
import { upstreamFailureOf, type UpstreamFailure } from "@/lib/http/upstream-error";
import { apiErrorBodySchema, oauthErrorBodySchema } from "./schemas";

/** The one place that turns the service's error answers into error classes. */

/** Re-exported for the callers that read service answers next to this mapper. */
export { parseJson };

export function errorItemsOf(body: unknown): ServiceErrorItem[] {
  const api = apiErrorBodySchema.safeParse(body);
  if (api.success) {
    return api.data.map((item) => ({
      dataCode: item.$dataCode ?? "Unknown",
      message: item.$message ?? "",
      source: item.$source ?? "",
    }));
  }
  const oauth = oauthErrorBodySchema.safeParse(body);
  if (oauth.success) return [{ dataCode: oauth.data.error, message: oauth.data.error_description ?? "", source: "" }];
  return [];
}

export function isTemporarilyUnavailable(items: ServiceErrorItem[]): boolean {
  return items.some((item) => item.dataCode === "temporarily_unavailable");
}

const ACCOUNTING_ERRORS = {
  invalid: AccountingValidationError,
  unauthorized: AccountingUnauthorizedError,
  forbidden: AccountingForbiddenError,
  not_found: AccountingNotFoundError,
  rate_limited: AccountingRateLimitedError,
  unavailable: AccountingUnavailableError,
  other: AccountingRequestError,
} satisfies Record<
  UpstreamFailure,
  new (status: number, items: ServiceErrorItem[], fallback: string) => AccountingError
>;

export function errorFromApiResponse(
  status: number,
  text: string,
  headers: Record<string, string>,
  now = Date.now(),
): AccountingError {
  const items = errorItemsOf(parseJson(text));
  const fallback = `The accounting service answered ${status}.`;
  let failure = upstreamFailureOf(status);
  // `temporarily_unavailable` in any other answer is a quiet period too.
  if (failure === "other" && isTemporarilyUnavailable(items)) failure = "unavailable";
  const error = new ACCOUNTING_ERRORS[failure](status, items, fallback);
  const wait = failure === "rate_limited" || failure === "unavailable" ? retryAfterMs(headers, now) : undefined;
  if (failure === "rate_limited") error.retryAfterMs = wait;
  if (failure === "unavailable") {
    const waitMs = isTemporarilyUnavailable(items) ? Math.max(TEMPORARILY_UNAVAILABLE_WAIT_MS, wait ?? 0) : wait;
    error.retryAt = waitMs === undefined ? undefined : new Date(now + waitMs);
  }
  return error;
}

/** Errors of the token and revoke endpoints (RFC 6749 5.2). */
export function errorFromOAuthResponse(
  status: number,
  text: string,
  headers: Record<string, string>,
  now = Date.now(),
): AccountingError {
  const items = errorItemsOf(parseJson(text));
  const code = items[0]?.dataCode;
  if (code === "invalid_grant") return new InvalidGrantError(status, items);
  if (status >= 500 || status === 429 || code === "temporarily_unavailable" || code === "server_error") {
    return errorFromApiResponse(status >= 500 || status === 429 ? status : 503, text, headers, now);
  }
  return new OAuthEndpointError(status, items, `The token endpoint answered ${status}.`);
}
