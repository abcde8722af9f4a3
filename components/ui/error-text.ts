import { ApiRequestError } from "@/lib/http/client/browser-fetch";
import { apiErrorCodeSchema, type ApiErrorBody, type ApiErrorCode } from "@/lib/http/envelope";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/**
 * The one place where an error code becomes a text for people. Every failure the browser
 * shows goes through `errorMessage`; to move the texts to another namespace, change
 * `errorKey` and nothing else. The service's own words (`detail`) are never the message.
 */
export type ErrorService = "payroll" | "accounting";

export function errorKey(code: ApiErrorCode, service: ErrorService): MessageKey {
  const payroll = service === "payroll";
  // The few codes whose text names the service; every other code has its own text in `errors`.
  switch (code) {
    case "upstream_unreachable":
      return payroll ? "payrollErrors.network" : "accountingError.network";
    case "unavailable":
      return payroll ? "payrollErrors.unavailable" : "accountingError.unavailable";
    case "forbidden":
      return payroll ? "errors.forbidden" : "accountingError.refused";
    case "upstream_error":
      return payroll ? "errors.upstream_error" : "accountingError.failed";
    default:
      return `errors.${code}`;
  }
}

/** The error body of whatever failed: an `ApiRequestError`, an `ApiErrorBody`, a failed fetch, or anything else (generic). */
export function errorBody(error: unknown): Pick<ApiErrorBody, "code"> & Partial<ApiErrorBody> {
  if (error instanceof ApiRequestError) return error.body;
  // fetch (and a server action's call) rejects with a TypeError when no answer came back.
  if (error instanceof TypeError) return { code: "network" };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") {
    const known = apiErrorCodeSchema.safeParse(code);
    return { ...(error as object), code: known.success ? known.data : "upstream_error" };
  }
  return { code: "internal" };
}

export function errorMessage(t: Translate, error: unknown, service: ErrorService = "payroll"): string {
  return t(errorKey(errorBody(error).code, service));
}

/** Worth asking again: no answer at all, or the server's or a service's passing trouble (5xx); never a refusal (4xx). */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.status === 0 || error.status >= 500;
}
