// zod/mini: the browser loads this with every page (apiFetch, the query client), and the classic API
// would add about 20 KB (gzip) to each page for two small schemas.
import * as z from "zod/mini";

/**
 * The one answer shape of every JSON route under `app/api/**`, shared by the server (which
 * writes it) and the browser (which reads it through `apiFetch`):
 *
 *   { "ok": true,  "data": <payload> }
 *   { "ok": false, "error": { "code", "message", "detail"?, "requestId"?, "fields"?, ...extra } }
 *
 * `code` is one of `apiErrorCodeSchema`; the browser shows the translated text for the code
 * (`message` is an English fallback for logs and API users). `detail` carries an upstream
 * service's own text, never shown as the message. `requestId` is the request's id (its
 * `x-request-id` header and its log lines' `requestId`), in every error the app's server answers.
 * Extra members (e.g. `period`, `transferId`, `problems`) are per code.
 * The accounting proxy adds `status` (the service's HTTP status) and `business` at the top.
 */
export const apiErrorCodeSchema = z.enum([
  // Browser-side: no answer, or not our envelope.
  "network",
  "bad_response",
  // Request and session.
  "not_signed_in",
  "forbidden",
  "cross_site_request",
  "not_found",
  "method_not_allowed",
  "bad_request",
  "unsupported_media_type",
  "invalid_json",
  "body_too_large",
  "invalid",
  "conflict",
  "internal",
  // Upstream services.
  "unavailable",
  "upstream_unreachable",
  "upstream_error",
  // Accounting.
  "not_connected",
  "reauth_required",
  "needs_v3_1",
  "unknown_business",
  "bad_path",
  // Payroll.
  "key_refused",
  "unknown_company",
  "refused",
  "pay_run_in_progress",
  "outcome_unknown",
  "period_changed",
  "draft_conflict",
  // Workspaces.
  "last_owner",
  "already_member",
  "invitation_invalid",
  "invitation_expired",
  "invitation_revoked",
  "invitation_used",
  "mail_not_configured",
  "mail_failed",
  "invitation_other_person",
  "month_frozen",
  "records_retained",
  "month_state",
  "month_blocked",
  "month_unacknowledged",
  "four_eyes",
  "transfer_under_way",
  "transfer_rereading",
  // E-mail sign-in links (features/sign-in).
  "sign_in_link_invalid",
  "sign_in_link_expired",
  "sign_in_link_used",
  "sign_in_link_other_browser",
  // Passkeys (features/passkeys) and the recent-sign-in guard.
  "passkey_challenge_invalid",
  "passkey_challenge_expired",
  "passkey_refused",
  "reauthentication_required",
  "passkey_required",
  // Adding a sign-in e-mail and linking an accounting account (features/account-linking).
  "verification_code_wrong",
  "verification_code_expired",
  "verification_code_used",
  "email_belongs_to_other",
  "account_link_invalid",
  "account_belongs_to_other",
  // Confirming a session by an e-mail code (features/sign-in/server/confirmation-code.ts).
  "confirmation_code_wrong",
  "confirmation_code_invalid",
  // Rate limits (lib/rate-limit): answered with Retry-After.
  "rate_limited",
]);
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

export interface ApiErrorBody {
  code: ApiErrorCode;
  message: string;
  detail?: string;
  requestId?: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = { ok: false; status: number; error: ApiErrorBody };
/** What `apiFetch` resolves to: never a thrown error. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** The envelope as read from the wire: loose on purpose, the payload is the caller's to parse. */
export const envelopeSchema = z.union([
  z.looseObject({ ok: z.literal(true), data: z.unknown() }),
  z.looseObject({
    ok: z.literal(false),
    error: z.looseObject({ code: z.string(), message: z.string() }),
  }),
]);
