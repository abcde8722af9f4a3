import type { WebhookEventTypeTable } from "@/lib/features-core/kinds";

/**
 * The workspaces' events that webhooks may subscribe to (features/webhooks): the member changes
 * (lib/events/events.ts). A published contract: a name once published stays. Named by
 * ./feature.ts; docs/adr/0241-feature-manifests.md.
 */
export const WORKSPACE_WEBHOOK_EVENT_TYPES = {
  "member.joined": { order: 100 },
  "member.removed": { order: 110 },
  "member.roles_changed": { order: 120 },
} as const satisfies WebhookEventTypeTable;

type Declared = typeof WORKSPACE_WEBHOOK_EVENT_TYPES;
declare module "@/features/webhooks/event-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface WebhookEventTypes extends Declared {}
}
