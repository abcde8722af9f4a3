import { ApiError } from "@/lib/http/api-error";
import type { ApiErrorCode } from "@/lib/http/envelope";
import { UpstreamError } from "@/lib/http/upstream-error";

/**
 * One error class per failure class of the accounting service. Each carries the
 * service's `$dataCode` and `$message` (for OAuth endpoints: `error` and
 * `error_description`) and never a token or a request body.
 */
export interface ServiceErrorItem {
  dataCode: string;
  message: string;
  source: string;
}

export class AccountingError extends UpstreamError {
  override name = "AccountingError";
  readonly service = "accounting";

  constructor(
    status: number,
    readonly items: ServiceErrorItem[],
    fallback = "The accounting service answered with an error.",
  ) {
    const first = items[0];
    super(
      status,
      first?.dataCode ?? "Unknown",
      first?.message ?? fallback,
      first ? `${first.dataCode}: ${first.message}` : fallback,
    );
  }

  readonly apiCode: ApiErrorCode = "upstream_error";

  /** The service's `$dataCode` (for OAuth endpoints `error`). */
  get $dataCode(): string {
    return this.code;
  }

  /** The service's `$message` (for OAuth endpoints `error_description`): only ever a `detail`. */
  get $message(): string {
    return this.detail;
  }

  /** Messages by the attribute they concern (`$source`), for field-level errors in forms. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const item of this.items) if (item.source && !(item.source in fields)) fields[item.source] = item.message;
    return fields;
  }
}

/** 400 or 422: the request was refused as invalid. */
export class AccountingValidationError extends AccountingError {
  override name = "AccountingValidationError";
  override readonly apiCode: ApiErrorCode = "invalid";
}
/** 401: the access token was not accepted. */
export class AccountingUnauthorizedError extends AccountingError {
  override name = "AccountingUnauthorizedError";
  override readonly apiCode: ApiErrorCode = "reauth_required";
}
/** 403: not the owner, read-only scope, a feature the tier lacks, a business out of reach. */
export class AccountingForbiddenError extends AccountingError {
  override name = "AccountingForbiddenError";
  override readonly apiCode: ApiErrorCode = "forbidden";
}
/** 404. */
export class AccountingNotFoundError extends AccountingError {
  override name = "AccountingNotFoundError";
  override readonly apiCode: ApiErrorCode = "not_found";
}
/** 429: too many requests; `retryAfterMs` from the service's Retry-After when given. */
export class AccountingRateLimitedError extends AccountingError {
  override name = "AccountingRateLimitedError";
  override readonly apiCode: ApiErrorCode = "unavailable";
}
/** 5xx or `temporarily_unavailable`; `retryAt` when the service said when to come back. */
export class AccountingUnavailableError extends AccountingError {
  override name = "AccountingUnavailableError";
  override readonly apiCode: ApiErrorCode = "unavailable";
  override readonly ambiguous: boolean = true;
}
/** No answer: connection refused, reset or timed out. */
export class AccountingNetworkError extends AccountingError {
  override name = "AccountingNetworkError";
  override readonly apiCode: ApiErrorCode = "upstream_unreachable";
  override readonly ambiguous: boolean = true;
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(0, [{ dataCode: timedOut ? "Timeout" : "NetworkError", message, source: "" }]);
  }
}
/** An answer whose shape is not what the client expects (zod refused it). */
export class AccountingResponseError extends AccountingError {
  override name = "AccountingResponseError";
  override readonly apiCode: ApiErrorCode = "upstream_error";
  override readonly ambiguous: boolean = true;
}
/** Any other 4xx. */
export class AccountingRequestError extends AccountingError {
  override name = "AccountingRequestError";
}

/** An RFC 6749 error from the token or revoke endpoint. */
export class OAuthEndpointError extends AccountingError {
  override name = "OAuthEndpointError";
  get error(): string {
    return this.$dataCode;
  }
}
/** The refresh token is unknown, expired, revoked or already used: only a new sign-in helps. */
export class InvalidGrantError extends OAuthEndpointError {
  override name = "InvalidGrantError";
}

/** The person's connection needs a new sign-in (its refresh token was refused). */
export class ReauthRequiredError extends ApiError {
  override name = "ReauthRequiredError";
  constructor() {
    super("reauth_required", "The accounting connection must be signed in again.", {
      extra: { service: "accounting" },
    });
  }
}
/** The person has no accounting connection (disconnected). */
export class NotConnectedError extends ApiError {
  override name = "NotConnectedError";
  constructor(code: "not_connected" | "needs_v3_1" = "not_connected", message = "There is no accounting connection.") {
    super(code, message, { extra: { service: "accounting" } });
  }
}

/** Only a legacy v3 connection: the v3.1 endpoints need the move to v3.1 (legacy v3 ones are not specified). */
export class NeedsV31Error extends NotConnectedError {
  override name = "NeedsV31Error";
  constructor() {
    super("needs_v3_1", "This needs a v3.1 connection; the connection uses the legacy v3 flow.");
  }
}
