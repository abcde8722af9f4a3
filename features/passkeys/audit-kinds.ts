import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What passkeys record in the audit trail (./server/passkey-audit.ts, in the person's personal
 * workspace; ./server/requirement.ts, in the firm's) and what each entry's `details` hold;
 * presented by ./audit-present.ts, named by ./feature.ts.
 */
export const PASSKEY_AUDIT_KINDS = {
  "passkey.added": auditKind<{ passkeyId: string; name: string }>(350),
  "passkey.renamed": auditKind<{ passkeyId: string; name: string; from: string }>(360),
  "passkey.removed": auditKind<{ passkeyId: string; name: string }>(370),
  /** The owner requires passkeys of every member (or not). */
  "workspace.passkey_requirement": auditKind<{ required: boolean }>(380),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof PASSKEY_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
