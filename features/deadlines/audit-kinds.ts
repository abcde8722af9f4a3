import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";
import type { CutOffRule, Land } from "./rules";

/**
 * What the deadlines record in the audit trail (./server/settings.ts) and what each entry's
 * `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const DEADLINE_AUDIT_KINDS = {
  /** An owner's default cut-off (`CutOffRule`, ./rules.ts); from null: the default was in force. */
  "workspace.cut_off_rule": auditKind<{ from: CutOffRule | null; to: CutOffRule }>(230),
  /** Each change [old, new]: a Land of null follows the check settings, a rule of null the workspace's. */
  "company.deadline_settings": auditKind<{
    changes: { land?: [Land | null, Land | null]; cutOffRule?: [CutOffRule | null, CutOffRule | null] };
  }>(240),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof DEADLINE_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
