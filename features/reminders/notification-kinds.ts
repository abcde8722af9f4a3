import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * The deadline reminders' notification kinds, sent by ./server/run.ts through notify() (texts:
 * features/notifications). Named by ./feature.ts; docs/adr/0241-feature-manifests.md.
 */
export const REMINDER_NOTIFICATION_KINDS = {
  /** A month not yet submitted near its deadline (`data.deadlineKind`, `data.deadline`): the company's clerks. */
  reminder: { order: 100, defaults: { inApp: true, byEmail: true } },
  /** Its client's own reminder before the cut-off: the company's clients. */
  client_reminder: { order: 110, defaults: { inApp: true, byEmail: true } },
} as const satisfies NotificationKindTable;

type Declared = typeof REMINDER_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
