/**
 * The closed set of things the audit trail records, and what each entry's `details` hold.
 * Read by the server (recording, the page, the CSV) and named in the page's filter.
 *
 * - `member.joined` { memberId, memberName, roles, invitationId } — actor: the person joining
 * - `member.roles_changed` { memberId, memberName, from, to }
 * - `member.removed` { memberId, memberName, roles } — an owner removed someone
 * - `member.left` { roles } — the member removed themselves
 * - `member.companies_changed` { memberId, memberName, from, to } — an owner changed a client's
 *   companies; each a list of { connectionId, companyId, name }
 * - `invitation.created` { invitationId, roles, expiresAt, companies? } — companies: a client's, as above
 * - `invitation.revoked` { invitationId, roles }
 * - `invitation.emailed` { to, roles }
 * - `payroll.connected` { username, baseUrl }
 * - `payroll.disconnected` { username, baseUrl }
 * - `payroll.data_deleted` { username, entryDrafts, imports, transfers } — what went with the connection
 * - `employee.created` { employeeId, name } — by the onboarding form
 * - `employee.import_started` { importId, total, pending, inUse, skipped }
 * - `employee.imported` { importId, employees: [{ row, employeeId, name }] } — per batch of rows the
 *   import's worker created; the actor is whoever started the import
 * - `draft.saved` { entryKind, whole, lines: [DraftLineChange] } — only lines that changed
 * - `transfer.sent` { entryKind, transferId, outcome, lineCount, totalEuros, errorCode, errorMessage, lines } —
 *   totalEuros a decimal string ("505.50"; entries before migration 20261126115024 named it totalCents)
 * - `month_close.step` { action, from, to, round, ...details } — a month-close step (features/month-close),
 *   `action` one of its actions or `transfer_result` / `check_result` (what the service answered)
 * - `month_close.acknowledged` { round, warningId, rule, employeeId, entryKind, lineId, comment } — a
 *   warning of the month-close checks acknowledged with a comment (subject: the acknowledgement)
 * - `workspace.four_eyes` { enabled } — an owner's choice (null: the default again)
 * - `workspace.renamed` { from, to } — an owner renamed the workspace (its one name for every member)
 * - `company.check_settings` { changes: { federalState?, monthlyHoursLimit? } } — each [old, new]
 *   (features/month-close/settings); a Land of null is none confirmed
 * - `webhook.added` { endpointId, url, eventTypes } — an owner registered a webhook endpoint (features/webhooks)
 * - `webhook.changed` { endpointId, url, changes: { url?, description?, eventTypes?, enabled? } } — each [old, new]
 * - `webhook.removed` { endpointId, url }
 * - `webhook.secret_rotated` { endpointId, url } — a new signing secret (never the secret itself)
 * - `employee.check_settings` { employeeId, name, changes: { payCap?, monthlyHoursLimit? } } — each
 *   [old, new]; payCap "minijob", euros ("1200.00") or null, a limit of null is the company's
 * - `workspace.cut_off_rule` { from, to } — an owner's default cut-off (features/deadlines `CutOffRule`; from
 *   null: the default was in force)
 * - `company.deadline_settings` { changes: { land?, cutOffRule? } } — each [old, new] (features/deadlines);
 *   a Land of null follows the check settings, a rule of null the workspace's
 * - `company.assignees` { added: [{ id, name }], removed: [{ id, name }] } — who is assigned to a
 *   payroll company changed (features/overview; subject: the payroll connection)
 * - `session.signed_in` { method, sessionId, device } — in the person's personal workspace (sign-in
 *   is the person's, not a firm's; features/sign-in/server/sign-in-audit.ts)
 * - `session.sign_in_failed` { method, reason, email } — a refused e-mail link (expired, used, other
 *   browser) or a refused request for one (rate_limited), a refused passkey (refused, replayed) or a
 *   failed accounting callback of a link (callback_failed; email ""), in the person's personal
 *   workspace; nothing is recorded for an address nobody has
 * - `session.signed_out` { scope, sessionIds, devices } — scope `this`, `one` (another of one's
 *   sessions, ended from /settings/security) or `others` (all other sessions)
 * - `session.confirmed` { method, sessionId } — the session was confirmed for what matters (method
 *   `passkey` or `email_code`; features/sign-in/server/confirmation.ts), in the personal workspace
 * - `session.confirmation_failed` { method, reason, sessionId } — a refused confirmation (reason: an
 *   error code of the passkey check, or `wrong`, `expired`, `tries`, `none` for a code)
 * - `passkey.added` / `passkey.removed` { passkeyId, name }, `passkey.renamed` { passkeyId, name, from }
 *   — in the person's personal workspace (features/passkeys/server/passkey-audit.ts)
 * - `workspace.passkey_requirement` { required } — the owner requires passkeys of every member (or not)
 * - `account.email_added` { email } — a signed-in person verified a sign-in e-mail (a mailed code);
 *   `account.linked` { accountingName, email } — an e-mail person confirmed linking an accounting
 *   account; `account.link_cancelled` { accountingName } — or cancelled it. All in the person's
 *   personal workspace (features/account-linking/server/linking-audit.ts)
 */
export const AUDIT_KINDS = [
  "member.joined",
  "member.roles_changed",
  "member.removed",
  "member.left",
  "member.companies_changed",
  "invitation.created",
  "invitation.revoked",
  "invitation.emailed",
  "payroll.connected",
  "payroll.disconnected",
  "payroll.data_deleted",
  "employee.created",
  "employee.import_started",
  "employee.imported",
  "draft.saved",
  "transfer.sent",
  "month_close.step",
  "month_close.acknowledged",
  "workspace.four_eyes",
  "workspace.renamed",
  "company.check_settings",
  "employee.check_settings",
  "workspace.cut_off_rule",
  "company.deadline_settings",
  "company.assignees",
  "webhook.added",
  "webhook.changed",
  "webhook.removed",
  "webhook.secret_rotated",
  "session.signed_in",
  "session.sign_in_failed",
  "session.signed_out",
  "session.confirmed",
  "session.confirmation_failed",
  "passkey.added",
  "passkey.renamed",
  "passkey.removed",
  "workspace.passkey_requirement",
  "account.email_added",
  "account.linked",
  "account.link_cancelled",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** A kind's message key under `audit.kinds` (next-intl reads dots as nesting). */
export function kindKey(kind: AuditKind): string {
  return kind.replace(".", "_");
}
