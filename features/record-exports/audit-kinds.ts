import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What the exports the law asks for record in the audit trail (./server), beside their row in the
 * access log; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const RECORD_EXPORTS_AUDIT_KINDS = {
  /** An export for a tax audit of the entry's company: its months (`YYYY-MM`), the ZIP's SHA-256 (hex), rows per file. */
  "records.tax_audit_export": auditKind<{ from: string; to: string; sha256: string; rows: Record<string, number> }>(
    294,
  ),
  /** An employee's personal data exported (Art. 15 GDPR): their id at the payroll service, the ZIP's SHA-256 (hex). */
  "records.personal_data_export": auditKind<{ employeeId: number; sha256: string }>(295),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof RECORD_EXPORTS_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
