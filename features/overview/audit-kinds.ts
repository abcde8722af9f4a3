import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

interface Person {
  id: string;
  name: string | null;
}

/**
 * What the overview records in the audit trail (./server/audit.ts) and what each entry's
 * `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const OVERVIEW_AUDIT_KINDS = {
  /** Who is assigned to a payroll company changed (subject: the payroll connection). */
  "company.assignees": auditKind<{ added: Person[]; removed: Person[] }>(250),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof OVERVIEW_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
