import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * The audit trail's notification kind: the daily signed checkpoint of the workspace's trail, to its
 * owners (features/notifications/server/from-event.ts, from the `audit.checkpoint` event), by mail
 * by default, so the firm holds the proof outside Ledgerlane's database. Named by ./feature.ts.
 */
export const AUDIT_TRAIL_NOTIFICATION_KINDS = {
  audit_checkpoint: { order: 100, defaults: { inApp: false, byEmail: true } },
} as const satisfies NotificationKindTable;

type Declared = typeof AUDIT_TRAIL_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
