import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What payroll records in the audit trail (the server/audit.ts of its connection, employees and entries)
 * and what each entry's `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const PAYROLL_AUDIT_KINDS = {
  "payroll.connected": auditKind<{ username: string; baseUrl: string }>(90),
  "payroll.disconnected": auditKind<{ username: string; baseUrl: string }>(100),
  /** What went with the connection. */
  "payroll.data_deleted": auditKind<{
    username: string;
    entryDrafts: number;
    onboardingDrafts: number;
    imports: number;
    transfers: number;
  }>(110),
  /** By the onboarding form. */
  /** `name`: only in entries written before names were kept out of the trail (docs/erasure.md). */
  "employee.created": auditKind<{ employeeId: number; name?: string }>(120),
  "employee.import_started": auditKind<{
    importId: string;
    total: number;
    pending: number;
    inUse: number;
    skipped: number;
  }>(130),
  /** Per batch of rows the import's worker created; the actor is whoever started the import. */
  "employee.imported": auditKind<{ importId: string; employees: { row: number; employeeId: number; name?: string }[] }>(
    140,
  ),
  /** Only the lines that changed (`DraftLineChange`, ./entries). */
  "draft.saved": auditKind<{ entryKind: string; whole: boolean; lines: readonly unknown[] }>(150),
  /**
   * `totalEuros` a decimal string ("505.50"; entries before migration 20261126115024 named it
   * `totalCents`).
   */
  "transfer.sent": auditKind<{
    entryKind: string;
    transferId: string;
    outcome: string;
    lineCount: number;
    totalEuros: string;
    errorCode: string | null;
    errorMessage: string | null;
    lines: unknown[];
  }>(160),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof PAYROLL_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
