import type { ApiErrorCode } from "./envelope";

export type UpstreamService = "accounting" | "payroll";

/**
 * The base of every failure of an upstream service (AccountingError, PayrollError extend it),
 * so the one error mapper (`lib/http/api-error.ts`) handles both services in one place.
 *
 * - `code`: the service's own code (`$dataCode`, `error.code`); `detail`: the service's own text.
 *   Neither is ever shown as the message: people see the translated text of `apiCode`.
 * - `apiCode`: the envelope code this failure answers with (one per subclass).
 * - `retryAfterMs` / `retryAt`: when the service said to come back (Retry-After, quiet period).
 * - `ambiguous`: for a write, whether the change may have been stored (no answer, 5xx, an answer
 *   that could not be read): only the caller can find out.
 */
export abstract class UpstreamError extends Error {
  abstract readonly service: UpstreamService;
  abstract readonly apiCode: ApiErrorCode;
  retryAfterMs: number | undefined;
  retryAt: Date | undefined;
  readonly ambiguous: boolean = false;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    message: string = detail,
  ) {
    super(message);
  }
}

/**
 * What a failure status of either service means, the same for both: each service's mapper
 * (features/accounting/error-mapper.ts, features/payroll/server/payroll-service.ts) turns the class
 * into its own error class through one table, and adds only what its service does differently.
 */
export type UpstreamFailure =
  "invalid" | "unauthorized" | "forbidden" | "not_found" | "rate_limited" | "unavailable" | "other";

export function upstreamFailureOf(status: number): UpstreamFailure {
  if (status === 400 || status === 415 || status === 422) return "invalid";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "unavailable";
  return "other";
}
