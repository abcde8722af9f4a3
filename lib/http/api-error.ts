import { z } from "zod";
import { logContext } from "@/lib/log/context";
import { log } from "@/lib/log/logger";
import type { ApiErrorBody, ApiErrorCode } from "./envelope";
import { UpstreamError } from "./upstream-error";

/** The one table of HTTP statuses per error code (browser-only codes are never sent). */
export const API_ERROR_STATUS: Record<ApiErrorCode, number> = {
  network: 0,
  bad_response: 502,
  not_signed_in: 401,
  forbidden: 403,
  cross_site_request: 403,
  not_found: 404,
  method_not_allowed: 405,
  bad_request: 400,
  unsupported_media_type: 415,
  invalid_json: 400,
  body_too_large: 413,
  invalid: 422,
  conflict: 409,
  internal: 500,
  unavailable: 503,
  upstream_unreachable: 502,
  upstream_error: 502,
  not_connected: 409,
  reauth_required: 401,
  needs_v3_1: 409,
  unknown_business: 403,
  bad_path: 400,
  key_refused: 502,
  unknown_company: 404,
  refused: 422,
  pay_run_in_progress: 409,
  outcome_unknown: 502,
  period_changed: 409,
  draft_conflict: 409,
  last_owner: 409,
  already_member: 409,
  invitation_invalid: 404,
  invitation_expired: 410,
  invitation_revoked: 410,
  invitation_used: 410,
  mail_not_configured: 409,
  mail_failed: 502,
  invitation_other_person: 403,
  month_frozen: 409,
  records_retained: 409,
  month_state: 409,
  month_blocked: 409,
  month_unacknowledged: 409,
  four_eyes: 403,
  transfer_under_way: 409,
  transfer_rereading: 409,
  sign_in_link_invalid: 404,
  sign_in_link_expired: 410,
  sign_in_link_used: 410,
  sign_in_link_other_browser: 403,
  passkey_challenge_invalid: 400,
  passkey_challenge_expired: 410,
  passkey_refused: 401,
  reauthentication_required: 401,
  passkey_required: 403,
  verification_code_wrong: 422,
  verification_code_expired: 410,
  verification_code_used: 410,
  email_belongs_to_other: 409,
  account_link_invalid: 404,
  account_belongs_to_other: 409,
  confirmation_code_wrong: 422,
  confirmation_code_invalid: 410,
  rate_limited: 429,
};

/** English fallback texts (logs, API users); people see the translated text of the code. */
const DEFAULT_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  not_signed_in: "Sign in first.",
  forbidden: "That is not allowed.",
  cross_site_request: "Cross-site requests may not change anything.",
  not_found: "There is no such thing.",
  method_not_allowed: "This method is not allowed here.",
  bad_request: "The address is not valid.",
  unsupported_media_type: "Send application/json.",
  invalid_json: "The request body is not valid JSON.",
  body_too_large: "The request is too large.",
  invalid: "The data is not valid.",
  internal: "The request could not be completed.",
  unavailable: "The service is not available at the moment.",
  upstream_unreachable: "The service could not be reached.",
  upstream_error: "The service answered with an error.",
  conflict: "That conflicts with what is stored.",
  not_connected: "There is no connection to the service.",
  reauth_required: "The connection has ended: sign in again.",
  needs_v3_1: "This needs a v3.1 connection.",
  unknown_business: "That business is not one of yours.",
  bad_path: "The path is not a path of the accounting API.",
  key_refused: "The payroll service did not accept the API key.",
  unknown_company: "That company is not one of your payroll companies.",
  refused: "The service refused the data.",
  pay_run_in_progress: "A pay run is in progress; nothing was changed.",
  outcome_unknown: "The service did not answer; it is not known whether the change was stored.",
  period_changed: "The payroll month has changed.",
  draft_conflict: "Someone else changed these lines meanwhile.",
  last_owner: "A workspace always keeps an owner: make another member owner first.",
  already_member: "You are already a member of this workspace.",
  invitation_invalid: "This is not a valid invitation link.",
  invitation_expired: "This invitation has expired.",
  invitation_revoked: "This invitation was revoked.",
  invitation_used: "This invitation has already been used.",
  mail_not_configured: "Sending e-mail is not set up (SMTP_URL).",
  mail_failed: "The e-mail could not be sent.",
  month_frozen: "The month is in review: drafts cannot be changed.",
  records_retained: "These records must still be kept by law: they cannot be deleted yet.",
  month_state: "The month is not in a state that allows this.",
  month_blocked: "The month has blockers: fix them first.",
  month_unacknowledged: "Some warnings are not acknowledged yet.",
  four_eyes: "Four eyes: the person who submitted the month cannot approve it.",
  transfer_under_way: "A transfer of this month is under way.",
  transfer_rereading: "The last transfer is read back from the payroll service first.",
  invitation_other_person:
    "This invitation is for another person: your e-mail address at the accounting service is not the one it names. Nothing was changed.",
  sign_in_link_invalid: "This is not a valid sign-in link. Nobody was signed in.",
  sign_in_link_expired: "This sign-in link has expired (links last 15 minutes). Ask for a new one.",
  sign_in_link_used: "This sign-in link has already been used. Ask for a new one.",
  sign_in_link_other_browser:
    "This sign-in link belongs to another browser: open it in the browser where you asked for it. Nobody was signed in.",
  passkey_challenge_invalid:
    "This passkey request is unknown, used or from another browser: start again. Nobody was signed in.",
  passkey_challenge_expired: "This passkey request has expired (5 minutes): start again.",
  passkey_refused: "The passkey was not accepted. Nobody was signed in.",
  passkey_required: "A workspace of yours requires a passkey: add one at /passkey-required first.",
  reauthentication_required:
    "Confirm it is you (a passkey or an e-mail code) first: your last confirmation is older than 10 minutes.",
  confirmation_code_wrong: "The code is not right. Check the e-mail and try again.",
  confirmation_code_invalid:
    "There is no open code (it was used, is older than 10 minutes, or was typed wrong 5 times): send a new one.",
  rate_limited: "Too many of these in a short time: try again later.",
  verification_code_wrong: "This is not the code in the mail.",
  verification_code_expired: "This code has expired (codes last 15 minutes, 5 tries). Ask for a new one.",
  verification_code_used: "This code has already been used. Ask for a new one.",
  email_belongs_to_other:
    "This address is already the sign-in e-mail of another Ledgerlane person. Nothing was changed.",
  account_link_invalid: "There is no link of this session waiting to be confirmed. Nothing was linked.",
  account_belongs_to_other: "This accounting account already signs in another Ledgerlane person. Nothing was linked.",
};

export interface ApiErrorOptions {
  detail?: string;
  fields?: Record<string, string>;
  /** Extra members of the error body (per code: `period`, `transferId`, `problems`, `retryAt`...). */
  extra?: Record<string, unknown>;
  /** When asking again makes sense (`rate_limited`): the answer's `Retry-After` header and the body's `retryAfterSeconds`. */
  retryAfterSeconds?: number;
}

/** A failure a handler answers with on purpose: a code of the enum, its status from the one table. */
export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly detail: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ApiErrorCode,
    message: string = DEFAULT_MESSAGES[code] ?? code,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.status = API_ERROR_STATUS[code];
    this.detail = options.detail;
    this.fields = options.fields;
    this.extra = options.extra;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  body(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, message: this.message, ...this.extra };
    if (this.detail !== undefined) body.detail = this.detail;
    if (this.fields !== undefined) body.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) body.retryAfterSeconds = this.retryAfterSeconds;
    return body;
  }
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } as const;

/** `{ ok: true, data }`. */
export function successResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ ok: true, data }), { status, headers: JSON_HEADERS });
}

/**
 * `{ ok: false, error }` with the status of its code; `top` adds top-level members (the accounting
 * proxy's `status`, `business`). Inside a request (its log context, lib/http/server/request-id.ts) the
 * error carries the request's id, the one in the answer's `x-request-id` header and on its log lines.
 */
export function errorResponse(error: ApiError, top?: Record<string, unknown>, status = error.status): Response {
  const headers =
    error.retryAfterSeconds === undefined
      ? JSON_HEADERS
      : { ...JSON_HEADERS, "retry-after": String(error.retryAfterSeconds) };
  const requestId = logContext()?.requestId;
  const body = requestId ? { ...error.body(), requestId } : error.body();
  return new Response(JSON.stringify({ ok: false, ...top, error: body }), { status, headers });
}

/** The first message per field (its path joined with dots), for forms. */
function fieldsOf(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return fields;
}

/**
 * The one error mapping of the app: an ApiError as it is, a ZodError as 422 `invalid` with
 * `fields`, an upstream failure by its `apiCode` with the service's text as `detail`, anything
 * else as 500 `internal` with a `requestId`, logged once under that id (the request's; a job's
 * failure, outside any request, gets an id of its own for its line).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // Any zod's error (classic or zod/mini: both carry the core's class).
  if (error instanceof z.core.$ZodError) return new ApiError("invalid", undefined, { fields: fieldsOf(error) });
  if (error instanceof UpstreamError) {
    const extra: Record<string, unknown> = { service: error.service };
    if (error.retryAt) extra.retryAt = error.retryAt.toISOString();
    else if (error.retryAfterMs !== undefined) extra.retryAt = new Date(Date.now() + error.retryAfterMs).toISOString();
    return new ApiError(
      error.apiCode,
      DEFAULT_MESSAGES[error.apiCode] ?? `The ${error.service} service answered with an error.`,
      {
        detail: error.detail || undefined,
        extra,
      },
    );
  }
  const requestId = logContext()?.requestId ?? crypto.randomUUID();
  // Name, message and stack only (lib/log/logger.ts): never a request body, a token or a key.
  log.error({ err: error, requestId }, "unexpected failure");
  return new ApiError("internal", undefined, { extra: { requestId } });
}

export function handleAndReturnErrorResponse(error: unknown): Response {
  return errorResponse(toApiError(error));
}
