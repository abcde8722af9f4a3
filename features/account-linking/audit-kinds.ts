import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What account linking records in the audit trail (./server/linking-audit.ts), each in the
 * person's personal workspace, and what each entry's `details` hold; presented by
 * ./audit-present.ts, named by ./feature.ts.
 */
export const ACCOUNT_LINKING_AUDIT_KINDS = {
  /** A signed-in person verified a sign-in e-mail (a mailed code). */
  "account.email_added": auditKind<{ email: string }>(390),
  /** An e-mail person confirmed linking an accounting account. */
  "account.linked": auditKind<{ accountingName: string | null; email: string | null }>(400),
  /** Or cancelled it. */
  "account.link_cancelled": auditKind<{ accountingName: string | null }>(410),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof ACCOUNT_LINKING_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
