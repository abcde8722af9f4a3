import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/** A setting's old and new value. */
type Change = [unknown, unknown];

/**
 * What the DATEV feature records in the audit trail (./server/settings.ts, ./server/export.ts) and
 * what each entry's `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const DATEV_AUDIT_KINDS = {
  /** Each change [old, new]: numbers, program, target, and each wage type by `wageTypes.<type>`. */
  "company.datev_settings": auditKind<{ changes: Record<string, Change> }>(420),
  /** An employee's personnel number [old, new]; null: the payroll service's employee id. */
  "employee.datev_settings": auditKind<{
    employeeId: number;
    /** Only in entries written before names were kept out of the trail (docs/erasure.md). */
    name?: string;
    changes: { personnelNumber?: [number | null, number | null] };
  }>(430),
  /** The firm's default wage types, each change by `wageTypes.<type>`. */
  "workspace.datev_wage_types": auditKind<{ changes: Record<string, Change> }>(440),
  /** A month's DATEV file made and stored (the month Transferred with target `datev`). */
  "month_close.datev_export": auditKind<{
    exportId: string;
    round: number;
    program: string;
    fileName: string;
    sha256: string;
    lineCount: number;
    correction: boolean;
  }>(450),
  /** A bulk export from /overview done (docs/adr/0291-datev-bulk-export-job.md): how many months it exported, found exported, refused; its ZIP's SHA-256. Each month exported has its own `month_close.datev_export`. */
  "datev.bulk_export": auditKind<{
    bulkExportId: string;
    months: number;
    exported: number;
    already: number;
    refused: number;
    zipSha256: string;
  }>(460),
  /** A bulk export's ZIP downloaded. */
  "datev.bulk_export_download": auditKind<{ bulkExportId: string; zipSha256: string }>(470),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof DATEV_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
