import { kindRegistry, type KindChoice, type NotificationKindDeclaration } from "@/lib/features-core/kinds";

/**
 * The kinds of notification a person can be sent, each with its defaults: shown in the app, and
 * sent by e-mail. A person's choices (`notification_preferences`, /settings/notifications) replace
 * a kind's defaults; no row means the defaults.
 *
 * Each kind is declared by the feature that causes it, in its own folder
 * (`features/<f>/notification-kinds.ts`: its defaults, its place in the lists, why), named by its
 * manifest, and widens this interface by declaration merging; the composition root hands the
 * joined table to this process at start (lib/composition/wire.ts, docs/adr/0241-feature-manifests.md).
 * Its texts stay here (`notifications.kinds`, `notifications.text`) and in the mails' (`mail.kinds`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the causing features' declaration merging
export interface NotificationKinds {}

export type NotificationKind = keyof NotificationKinds & string;

const registry = kindRegistry<NotificationKind, NotificationKindDeclaration>("notifications");

/** Sets this process's kinds: the composition root's `wireFeatures()`, from every manifest's `notificationKinds`. */
export const provideNotificationKinds = registry.provide;

/** Every kind, in the settings page's order. */
export const notificationKinds = registry.list;

export const isNotificationKind = registry.has;

/** What someone who chose nothing gets of the kind (its feature's declaration). */
export const kindDefaults = (kind: NotificationKind): KindChoice => registry.declaration(kind).defaults;

/** How the notifications chosen "By e-mail" arrive: one mail each (the default), or one mail a day (`users.notification_mail_mode`). */
export const MAIL_MODES = ["single", "daily_digest"] as const;
export type MailMode = (typeof MAIL_MODES)[number];
