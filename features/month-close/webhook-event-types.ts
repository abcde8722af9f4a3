import type { WebhookEventTypeTable } from "@/lib/features-core/kinds";

/**
 * The month close's events that webhooks may subscribe to (features/webhooks): each state change
 * of a month (lib/events/events.ts `MonthEvent`). A published contract: a name once published
 * stays. Named by ./feature.ts; docs/adr/0241-feature-manifests.md.
 */
export const MONTH_CLOSE_WEBHOOK_EVENT_TYPES = {
  "month.handed_in": { order: 10 },
  "month.sent_back": { order: 20 },
  "month.submitted": { order: 30 },
  "month.withdrawn": { order: 40 },
  "month.approved": { order: 50 },
  "month.reopened": { order: 60 },
  /** The three outcomes of a Transfer. */
  "month.transferred": { order: 70 },
  "month.transfer_unclear": { order: 80 },
  "month.waiting_for_pay_run": { order: 90 },
} as const satisfies WebhookEventTypeTable;

type Declared = typeof MONTH_CLOSE_WEBHOOK_EVENT_TYPES;
declare module "@/features/webhooks/event-types" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface WebhookEventTypes extends Declared {}
}
