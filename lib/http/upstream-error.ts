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
