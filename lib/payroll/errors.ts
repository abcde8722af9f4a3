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

export class PayrollError extends Error {
  override name = "PayrollError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: PayrollIssue[] = [],
  ) {
    super(message);
  }
}

/** 400, 415, 422: refused as invalid; nothing was stored. */
export class PayrollValidationError extends PayrollError {
  override name = "PayrollValidationError";
}
/** 401: the API key was not accepted. */
export class PayrollUnauthorizedError extends PayrollError {
  override name = "PayrollUnauthorizedError";
}
/** 404: unknown path, or a company that is not the customer's. */
export class PayrollNotFoundError extends PayrollError {
  override name = "PayrollNotFoundError";
}
/** 409 `EMPLOYEE_ID_IN_USE`. */
export class PayrollIdInUseError extends PayrollError {
  override name = "PayrollIdInUseError";
}
/** 409 `PAY_RUN_IN_PROGRESS`. */
export class PayrollPayRunInProgressError extends PayrollError {
  override name = "PayrollPayRunInProgressError";
}
/** 429; `retryAfterMs` from Retry-After when given. */
export class PayrollRateLimitedError extends PayrollError {
  override name = "PayrollRateLimitedError";
  retryAfterMs: number | undefined;
}
/** 5xx: the service failed; for a POST it is unknown whether the change was stored. */
export class PayrollUnavailableError extends PayrollError {
  override name = "PayrollUnavailableError";
  retryAfterMs: number | undefined;
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
}
/** An answer whose shape is not what the client expects. */
export class PayrollResponseError extends PayrollError {
  override name = "PayrollResponseError";
}
/** Any other 4xx (405, 406, ...). */
export class PayrollRequestError extends PayrollError {
  override name = "PayrollRequestError";
}

/** The person has no payroll connection. */
export class PayrollNotConnectedError extends Error {
  override name = "PayrollNotConnectedError";
  constructor() {
    super("There is no payroll connection.");
  }
}
/** A company id that is not one of the connection's companies: refused before it reaches the service. */
export class PayrollCompanyNotReachableError extends Error {
  override name = "PayrollCompanyNotReachableError";
  constructor() {
    super("That company is not one of your payroll companies.");
  }
}

/** A failure after which a POST may or may not have been stored. */
export function isAmbiguousFailure(error: unknown): boolean {
  return error instanceof PayrollNetworkError || error instanceof PayrollUnavailableError || error instanceof PayrollResponseError;
}
