import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What sign-in records in the audit trail (./core/server/sign-in-audit.ts), each in the person's
 * personal workspace (sign-in is the person's, not a firm's), and what each entry's `details`
 * hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const SIGN_IN_AUDIT_KINDS = {
  "session.signed_in": auditKind<{ method: string; sessionId: string; device: string | null }>(300),
  /**
   * A refused e-mail link (expired, used, other browser) or a refused request for one
   * (rate_limited), a refused passkey (refused, replayed) or a failed accounting callback of a link
   * (callback_failed; email ""); nothing is recorded for an address nobody has.
   */
  "session.sign_in_failed": auditKind<{ method: string; reason: string; email: string }>(310),
  /**
   * `scope` `this`, `one` (another of one's sessions, ended from /settings/security) or `others`
   * (all other sessions).
   */
  "session.signed_out": auditKind<{
    scope: "this" | "one" | "others";
    sessionIds: string[];
    devices: (string | null)[];
  }>(320),
  /** The session was confirmed for what matters (method `passkey` or `email_code`; ./server/confirmation.ts). */
  "session.confirmed": auditKind<{ method: string; sessionId: string }>(330),
  /**
   * A refused confirmation (reason: an error code of the passkey check, or `wrong`, `expired`,
   * `tries`, `none` for a code).
   */
  "session.confirmation_failed": auditKind<{ method: string; reason: string; sessionId: string }>(340),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof SIGN_IN_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
