import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * The month close's notification kinds, one per step that someone else must hear of (who is told:
 * features/notifications/server/from-event.ts, from the month's domain events; texts there too).
 * Named by ./feature.ts; docs/adr/0241-feature-manifests.md.
 */
export const MONTH_CLOSE_NOTIFICATION_KINDS = {
  // Both ask someone to act: the firm to review, the client to correct.
  /** A client handed the month in: its reviewers (the company's assignees, else clerks and owners). */
  month_handed_in: { order: 10, defaults: { inApp: true, byEmail: true } },
  /** The firm sent it back to the company's clients, with why. */
  month_sent_back: { order: 20, defaults: { inApp: true, byEmail: true } },
  /** Submitted for approval: whoever may approve it. */
  month_submitted: { order: 30, defaults: { inApp: true, byEmail: true } },
  /** Approved: the submitter. */
  month_approved: { order: 40, defaults: { inApp: true, byEmail: false } },
  /** A Transfer's outcome (`data.outcome`: transferred, transfer_unclear, waiting_for_pay_run): submitter and approver. */
  month_transfer: { order: 50, defaults: { inApp: true, byEmail: false } },
  /** Reopened, with why: the clerk who submitted it. */
  month_reopened: { order: 60, defaults: { inApp: true, byEmail: true } },
} as const satisfies NotificationKindTable;

type Declared = typeof MONTH_CLOSE_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
