import "server-only";
import { parseJsonOrUndefined as parseJson } from "@/lib/http/json";
import { TEMPORARILY_UNAVAILABLE_WAIT_MS } from "@/lib/http/quiet-periods";
import { retryAfterMs } from "@/lib/http/retry";
import { upstreamFailureOf, type UpstreamFailure } from "@/lib/http/upstream-error";
import type { UpstreamResponse } from "@/lib/http/server/upstream";
import type { PayrollError, PayrollIssue } from "@/features/payroll/errors";
import {
  PayrollIdInUseError,
  PayrollNotFoundError,
  PayrollPayRunInProgressError,
  PayrollQuietPeriodError,
  PayrollRateLimitedError,
  PayrollRequestError,
  PayrollUnauthorizedError,
  PayrollUnavailableError,
  PayrollValidationError,
} from "@/features/payroll/errors";
import { failureEnvelopeSchema } from "../schemas";

/** The service's failure classes (lib/http/upstream-error.ts); it documents no 403, so one is any other refusal. */
const PAYROLL_ERRORS = {
  invalid: PayrollValidationError,
  unauthorized: PayrollUnauthorizedError,
  forbidden: PayrollRequestError,
  not_found: PayrollNotFoundError,
  rate_limited: PayrollRateLimitedError,
  unavailable: PayrollUnavailableError,
  other: PayrollRequestError,
} satisfies Record<
  UpstreamFailure,
  new (status: number, code: string, message: string, issues: PayrollIssue[]) => PayrollError
>;

/** The one place that turns the service's failure answers into error classes. */
export function errorFromResponse(response: UpstreamResponse): PayrollError {
  const envelope = failureEnvelopeSchema.safeParse(parseJson(response.text));
  const answered = envelope.success ? envelope.data.error : undefined;
  const code = answered?.code ?? `HTTP_${response.status}`;
  const message = answered?.message || `The payroll service answered ${response.status}.`;
  const issues = answered?.issues ?? [];
  const { status } = response;
  if (status === 409 && code === "EMPLOYEE_ID_IN_USE") return new PayrollIdInUseError(status, code, message, issues);
  if (status === 409 && code === "PAY_RUN_IN_PROGRESS")
    return new PayrollPayRunInProgressError(status, code, message, issues);
  const failure = upstreamFailureOf(status);
  const error = new PAYROLL_ERRORS[failure](status, code, message, issues);
  if (failure === "rate_limited" || failure === "unavailable") error.retryAfterMs = retryAfterMs(response.headers);
  if (failure === "unavailable" && code === "temporarily_unavailable")
    error.retryAt = new Date(Date.now() + TEMPORARILY_UNAVAILABLE_WAIT_MS);
  return error;
}

/** The failure a call meets during the service's quiet period (lib/http/quiet-periods.ts), without asking it. */
export function quietFailure(until: number): PayrollQuietPeriodError {
  const error = new PayrollQuietPeriodError(
    503,
    "temporarily_unavailable",
    "The payroll service asked to wait before retrying.",
  );
  error.retryAt = new Date(until);
  return error;
}
