import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/** What `month_close.sealed` holds (the migration step writes it too, outside the app). */
export interface MonthCloseSealedDetails {
  version: number;
  hash: string;
  round: number;
  sealedAtMigration?: true;
}

/** A setting's old and new value. */
type Change<T> = [T, T];

/**
 * What the month close records in the audit trail (./server/audit.ts, ./settings) and what each
 * entry's `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const MONTH_CLOSE_AUDIT_KINDS = {
  /**
   * A month-close step: `action` one of its actions (./states.ts) or `transfer_result` /
   * `check_result` (what the service answered), with that step's own details beside.
   */
  "month_close.step": auditKind<{ action: string; from: string; to: string; round: number; [detail: string]: unknown }>(
    170,
  ),
  /**
   * A month sealed at its approval (./sealing): its version (the month's n-th approval), the hex
   * SHA-256 of the snapshot's canonical form, the round (subject: the sealed_months row);
   * `sealedAtMigration` for a month approved before sealing existed (scripts/db/seal-existing-months.ts).
   */
  "month_close.sealed": auditKind<MonthCloseSealedDetails>(175),
  /** A warning of the month-close checks acknowledged with a comment (subject: the acknowledgement). */
  "month_close.acknowledged": auditKind<{
    round: number;
    warningId: string;
    rule: string;
    employeeId: number | null;
    entryKind: string | null;
    lineId: string | null;
    comment: string;
  }>(180),
  /** An owner's choice (null: the default again). */
  "workspace.four_eyes": auditKind<{ enabled: boolean | null }>(190),
  /** Each change [old, new] (./settings); a Land of null is none confirmed. */
  "company.check_settings": auditKind<{
    changes: { federalState?: Change<string | null>; monthlyHoursLimit?: Change<number | null> };
  }>(210),
  /**
   * Each change [old, new]; `payCap` "minijob", euros ("1200.00") or null; a limit of null is the
   * company's.
   */
  "employee.check_settings": auditKind<{
    employeeId: number;
    /** Only in entries written before names were kept out of the trail (docs/erasure.md). */
    name?: string;
    changes: { payCap?: Change<string | null>; monthlyHoursLimit?: Change<number | null> };
  }>(220),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof MONTH_CLOSE_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
