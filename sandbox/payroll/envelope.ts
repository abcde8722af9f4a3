import type { SandboxResponse } from "../types";

/** One problem with the request, placed on the field (and array element) it concerns. */
export interface Issue {
  /** Position in the request's JSON array; absent when the body is a single object. */
  index?: number;
  /** Dotted field path, e.g. "total_hours" or "address.postal_code"; absent when the issue concerns the whole body or element. */
  field?: string;
  code: IssueCode;
  message: string;
}

export type IssueCode =
  | "REQUIRED"
  | "INVALID_TYPE"
  | "INVALID_FORMAT"
  | "INVALID_VALUE"
  | "OUT_OF_RANGE"
  | "UNKNOWN_FIELD"
  | "UNKNOWN_REFERENCE"
  | "MISMATCH"
  | "IN_USE";

export type ErrorCode =
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "NOT_ACCEPTABLE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "MALFORMED_JSON"
  | "VALIDATION_FAILED"
  | "EMPLOYEE_ID_IN_USE"
  | "PAY_RUN_IN_PROGRESS";

export interface PayrollError {
  code: ErrorCode;
  message: string;
  issues: Issue[];
}

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MALFORMED_JSON: 400,
  VALIDATION_FAILED: 422,
  EMPLOYEE_ID_IN_USE: 409,
  PAY_RUN_IN_PROGRESS: 409,
};

const COMMON_HEADERS = { "Cache-Control": "no-store", Pragma: "no-cache" };
export const JSON_CONTENT_TYPE = "application/json;charset=UTF-8";
export const CSV_CONTENT_TYPE = "text/csv;charset=UTF-8";

export function success(data: unknown): SandboxResponse {
  return {
    status: 200,
    headers: { "Content-Type": JSON_CONTENT_TYPE, ...COMMON_HEADERS },
    body: JSON.stringify({ success: true, state: null, error: null, data }),
  };
}

export function failure(
  code: ErrorCode,
  message: string,
  issues: Issue[] = [],
  extraHeaders: Record<string, string> = {},
): SandboxResponse {
  const error: PayrollError = { code, message, issues };
  return {
    status: STATUS_BY_CODE[code],
    headers: { "Content-Type": JSON_CONTENT_TYPE, ...COMMON_HEADERS, ...extraHeaders },
    body: JSON.stringify({ success: false, state: "ERROR", error, data: null }),
  };
}

export function csvResponse(csv: string): SandboxResponse {
  return { status: 200, headers: { "Content-Type": CSV_CONTENT_TYPE, ...COMMON_HEADERS }, body: csv };
}
