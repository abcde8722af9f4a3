import type { NotificationKindTable } from "@/lib/features-core/kinds";

/**
 * Sign-in's notification kind: a new way into the account (./core/server/way-in-notice.ts, used by
 * passkeys and account linking too; texts: features/notifications). Named by ./feature.ts;
 * docs/adr/0241-feature-manifests.md.
 */
export const SIGN_IN_NOTIFICATION_KINDS = {
  // A new passkey, sign-in e-mail or linked account: mailed to every address regardless of any
  // choice (./core/server/way-in-notice.ts); in the app for someone without an address.
  way_in_added: { order: 120, defaults: { inApp: true, byEmail: false } },
} as const satisfies NotificationKindTable;

type Declared = typeof SIGN_IN_NOTIFICATION_KINDS;
declare module "@/features/notifications/kinds" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- its members are the table's
  interface NotificationKinds extends Declared {}
}
