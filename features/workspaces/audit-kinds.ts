import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/** A client's payroll company as the audit details name it. */
interface CompanyRef {
  connectionId: string;
  companyId: number;
  name: string;
}

/**
 * What the workspaces record in the audit trail (./server/audit.ts, ./server/client-companies.ts)
 * and what each entry's `details` hold; presented by ./audit-present.ts, named by ./feature.ts.
 * `memberName` is null since 29.11.2026 (the member by `memberId`, named when shown: docs/adr/0298);
 * older entries hold the name.
 */
export const WORKSPACE_AUDIT_KINDS = {
  /** Actor: the person joining. */
  "member.joined": auditKind<{ memberId: string; memberName: string | null; roles: string[]; invitationId: string }>(
    10,
  ),
  "member.roles_changed": auditKind<{ memberId: string; memberName: string | null; from: string[]; to: string[] }>(20),
  /** An owner removed someone. */
  "member.removed": auditKind<{ memberId: string; memberName: string | null; roles: string[] }>(30),
  /** The member removed themselves. */
  "member.left": auditKind<{ roles: string[] }>(40),
  /** An owner erased a former member's name (docs/erasure.md "Staff"): the places purged, by table. */
  "member.erased": auditKind<{ memberId: string; erased: Record<string, number> }>(45),
  /** An owner changed a client's companies. */
  "member.companies_changed": auditKind<{
    memberId: string;
    memberName: string | null;
    from: CompanyRef[];
    to: CompanyRef[];
  }>(50),
  /** `companies`: a client's (their number and name). */
  "invitation.created": auditKind<{
    invitationId: string;
    roles: string[];
    expiresAt?: string;
    companies?: { companyId: number; name: string }[];
  }>(60),
  "invitation.revoked": auditKind<{ invitationId: string; roles: string[] }>(70),
  "invitation.emailed": auditKind<{ to: string; roles: string[] }>(80),
  /** An owner renamed the workspace (its one name for every member). */
  "workspace.renamed": auditKind<{ from: string; to: string }>(200),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof WORKSPACE_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
