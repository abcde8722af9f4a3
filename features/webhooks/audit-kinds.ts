import { auditKind, type AuditKindTable, type DetailsOf } from "@/lib/audit/kinds";

/**
 * What the webhooks record in the audit trail (./server/audit.ts) and what each entry's `details`
 * hold; presented by ./audit-present.ts, named by ./feature.ts.
 */
export const WEBHOOK_AUDIT_KINDS = {
  /** An owner registered a webhook endpoint. */
  "webhook.added": auditKind<{ endpointId: string; url: string; eventTypes: string[] }>(260),
  /** Each change [old, new]. */
  "webhook.changed": auditKind<{
    endpointId: string;
    url: string;
    changes: {
      url?: [string, string];
      description?: [string, string];
      eventTypes?: [string[], string[]];
      enabled?: [boolean, boolean];
    };
  }>(270),
  "webhook.removed": auditKind<{ endpointId: string; url: string }>(280),
  /** A new signing secret (never the secret itself). */
  "webhook.secret_rotated": auditKind<{ endpointId: string; url: string }>(290),
} as const satisfies AuditKindTable;

type Declared = DetailsOf<typeof WEBHOOK_AUDIT_KINDS>;
declare module "@/lib/audit/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface AuditKindDetails extends Declared {}
}
