import type { WebhookEventTypeTable } from "@/lib/features-core/kinds";

/**
 * The audit trail's event that webhooks may subscribe to: a signed checkpoint of the trail
 * (lib/events/events.ts `AuditCheckpointSigned`), with its statement and signature. A published
 * contract: the name stays. Named by ./feature.ts.
 */
export const AUDIT_TRAIL_WEBHOOK_EVENT_TYPES = {
  "audit.checkpoint": { order: 200 },
} as const satisfies WebhookEventTypeTable;

type Declared = typeof AUDIT_TRAIL_WEBHOOK_EVENT_TYPES;
declare module "@/features/webhooks/event-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface WebhookEventTypes extends Declared {}
}
