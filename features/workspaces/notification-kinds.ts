import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * The workspaces' notification kinds, from the members' domain events (who is told:
 * features/notifications/server/from-event.ts; texts there too). Named by ./feature.ts;
 * docs/adr/0241-feature-manifests.md.
 */
export const WORKSPACE_NOTIFICATION_KINDS = {
  /** Someone accepted an invitation: the inviter. */
  invitation_accepted: { order: 70, defaults: { inApp: true, byEmail: false } },
  /** An owner removed someone: that person, though no longer a member (a loss: by e-mail too). */
  member_removed: { order: 90, defaults: { inApp: true, byEmail: true } },
} as const satisfies NotificationKindTable;

type Declared = typeof WORKSPACE_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
