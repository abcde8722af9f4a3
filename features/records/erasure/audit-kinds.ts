import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What erasure records in the audit trail (./server/requests.ts, ./server/erase.ts); presented by
 * ./audit-present.ts. The employee by id only: the trail never holds the name erasure removes.
 */
export const ERASURE_AUDIT_KINDS = {
  /** An owner recorded an employee's erasure request; `eraseAfter` as first computed (null: no end known yet). */
  "employee.erasure_requested": auditKind<{ employeeId: number; requestId: string; eraseAfter: string | null }>(296),
  /** The nightly erasure erased the employee's personal data; `erased`: rows deleted or pseudonymised, by place. */
  "employee.erased": auditKind<{ employeeId: number; requestId: string; erased: Record<string, number> }>(297),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof ERASURE_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
