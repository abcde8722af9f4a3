import { ApiError } from "@/lib/http/api-error";
import type { ApiErrorCode } from "@/lib/http/envelope";
import { UpstreamError } from "@/lib/http/upstream-error";

/**
 * One error class per failure class of the payroll service. Each carries the service's
 * `error` object (code, message, issues) and never the API key or a request body.
 */
export interface PayrollIssue {
  index?: number;
  field?: string;
  code: string;
  message: string;
}

export class PayrollError extends UpstreamError {
  override name = "PayrollError";
  readonly service = "payroll";
  readonly apiCode: ApiErrorCode = "upstream_error";
  constructor(
    status: number,
    code: string,
    message: string,
    readonly issues: PayrollIssue[] = [],
  ) {
    super(status, code, message);
  }
}

/** 400, 415, 422: refused as invalid; nothing was stored. */
export class PayrollValidationError extends PayrollError {
  override name = "PayrollValidationError";
  override readonly apiCode: ApiErrorCode = "refused";
}
/** 401: the API key was not accepted. */
export class PayrollUnauthorizedError extends PayrollError {
  override name = "PayrollUnauthorizedError";
  override readonly apiCode: ApiErrorCode = "key_refused";
}
/** 404: unknown path, or a company that is not the customer's. */
export class PayrollNotFoundError extends PayrollError {
  override name = "PayrollNotFoundError";
  override readonly apiCode: ApiErrorCode = "not_found";
}
/** 409 `EMPLOYEE_ID_IN_USE`. */
export class PayrollIdInUseError extends PayrollError {
  override name = "PayrollIdInUseError";
  override readonly apiCode: ApiErrorCode = "conflict";
}
/** 409 `PAY_RUN_IN_PROGRESS`. */
export class PayrollPayRunInProgressError extends PayrollError {
  override name = "PayrollPayRunInProgressError";
  override readonly apiCode: ApiErrorCode = "pay_run_in_progress";
}
/** 429; `retryAfterMs` from Retry-After when given. */
export class PayrollRateLimitedError extends PayrollError {
  override name = "PayrollRateLimitedError";
  override readonly apiCode: ApiErrorCode = "unavailable";
}
/** 5xx: the service failed; for a POST it is unknown whether the change was stored. */
export class PayrollUnavailableError extends PayrollError {
  override name = "PayrollUnavailableError";
  override readonly apiCode: ApiErrorCode = "unavailable";
  override readonly ambiguous: boolean = true;
}
/** Refused before sending: the service asked for quiet (`temporarily_unavailable`); nothing was sent. */
export class PayrollQuietPeriodError extends PayrollUnavailableError {
  override name = "PayrollQuietPeriodError";
  override readonly ambiguous: boolean = false;
}
/** No answer (refused, reset, dropped or timed out): for a POST it is unknown whether the change was stored. */
export class PayrollNetworkError extends PayrollError {
  override name = "PayrollNetworkError";
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(0, timedOut ? "TIMEOUT" : "NETWORK_ERROR", message);
  }
  override readonly apiCode: ApiErrorCode = "upstream_unreachable";
  override readonly ambiguous: boolean = true;
}
/** An answer whose shape is not what the client expects. */
export class PayrollResponseError extends PayrollError {
  override name = "PayrollResponseError";
  override readonly ambiguous: boolean = true;
}
/** Any other 4xx (405, 406, ...). */
export class PayrollRequestError extends PayrollError {
  override name = "PayrollRequestError";
}

/** The person has no payroll connection. */
export class PayrollNotConnectedError extends ApiError {
  override name = "PayrollNotConnectedError";
  constructor() {
    super("not_connected", "There is no payroll connection.", { extra: { service: "payroll" } });
  }
}
/** A company id that is not one of the connection's companies: refused before it reaches the service. */
export class PayrollCompanyNotReachableError extends ApiError {
  override name = "PayrollCompanyNotReachableError";
  constructor() {
    super("unknown_company", "That company is not one of your payroll companies.");
  }
}

/** A failure after which a POST may or may not have been stored. */
export function isAmbiguousFailure(error: unknown): boolean {
  return error instanceof UpstreamError && error.ambiguous;
}
