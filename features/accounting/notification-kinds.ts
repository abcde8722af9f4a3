import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * The connections' notification kind, from the `connection.attention` domain event: emitted here
 * when the accounting grant ends, and by payroll (above this feature) when its key is refused. Who
 * is told: features/notifications/server/from-event.ts. Named by ./feature.ts;
 * docs/adr/0241-feature-manifests.md.
 */
export const CONNECTION_NOTIFICATION_KINDS = {
  /** A connection needs an owner (`data.connectionKind` payroll or accounting): the owners; by e-mail too. */
  connection_attention: { order: 80, defaults: { inApp: true, byEmail: true } },
} as const satisfies NotificationKindTable;

type Declared = typeof CONNECTION_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
