import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";
import type { EditableClass } from "./retention";

/**
 * What the records settings record in the audit trail (./server/settings.ts); presented by
 * ./audit-present.ts, named by ./feature.ts.
 */
export const RECORDS_AUDIT_KINDS = {
  /** Each period changed, in years [old, new] (old: the period in force before, the law's when unset). */
  "records.retention": auditKind<{ changes: Partial<Record<EditableClass, [number, number]>> }>(292),
  /** A company's last social insurance audit (`YYYY-MM-DD`) [old, new]; null: none entered. */
  "records.social_audit": auditKind<{ from: string | null; to: string | null }>(293),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof RECORDS_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
