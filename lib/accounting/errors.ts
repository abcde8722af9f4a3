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

export class AccountingError extends Error {
  override name = "AccountingError";
  readonly $dataCode: string;
  readonly $message: string;

  constructor(
    readonly status: number,
    readonly items: ServiceErrorItem[],
    fallback = "The accounting service answered with an error.",
  ) {
    const first = items[0];
    super(first ? `${first.dataCode}: ${first.message}` : fallback);
    this.$dataCode = first?.dataCode ?? "Unknown";
    this.$message = first?.message ?? fallback;
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
}
/** 401: the access token was not accepted. */
export class AccountingUnauthorizedError extends AccountingError {
  override name = "AccountingUnauthorizedError";
}
/** 403: not the owner, read-only scope, a feature the tier lacks, a business out of reach. */
export class AccountingForbiddenError extends AccountingError {
  override name = "AccountingForbiddenError";
}
/** 404. */
export class AccountingNotFoundError extends AccountingError {
  override name = "AccountingNotFoundError";
}
/** 429: too many requests; `retryAfterMs` from the service's Retry-After when given. */
export class AccountingRateLimitedError extends AccountingError {
  override name = "AccountingRateLimitedError";
  retryAfterMs: number | undefined;
}
/** 5xx or `temporarily_unavailable`; `retryAt` when the service said when to come back. */
export class AccountingUnavailableError extends AccountingError {
  override name = "AccountingUnavailableError";
  retryAt: Date | undefined;
}
/** No answer: connection refused, reset or timed out. */
export class AccountingNetworkError extends AccountingError {
  override name = "AccountingNetworkError";
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
export class ReauthRequiredError extends Error {
  override name = "ReauthRequiredError";
  constructor() {
    super("The accounting connection must be signed in again.");
  }
}
/** The person has no accounting connection (disconnected). */
export class NotConnectedError extends Error {
  override name = "NotConnectedError";
  constructor() {
    super("There is no accounting connection.");
  }
}

/** Only a legacy v3 connection: the v3.1 endpoints need the move to v3.1 (legacy v3 ones are not specified). */
export class NeedsV31Error extends NotConnectedError {
  override name = "NeedsV31Error";
  override message = "This needs a v3.1 connection; the connection uses the legacy v3 flow.";
}
