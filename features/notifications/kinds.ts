/**
 * The kinds of notification a person can be sent, each with its defaults: shown in the app, and
 * sent by e-mail. A person's choices (`notification_preferences`, /settings/notifications) replace
 * a kind's defaults; no row means the defaults. Pure: read by the server and the settings page.
 */
export const NOTIFICATION_KINDS = [
  "month_handed_in",
  "month_sent_back",
  "month_submitted",
  "month_approved",
  "month_transfer",
  "month_reopened",
  "invitation_accepted",
  "connection_attention",
  "member_removed",
  "reminder",
  "client_reminder",
  "way_in_added",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface KindChoice {
  inApp: boolean;
  byEmail: boolean;
}

/** What someone who chose nothing gets: everything in the app; by e-mail what asks them to act or tells of a loss. */
export const KIND_DEFAULTS: Record<NotificationKind, KindChoice> = {
  // Both ask someone to act: the firm to review, the client to correct.
  month_handed_in: { inApp: true, byEmail: true },
  month_sent_back: { inApp: true, byEmail: true },
  month_submitted: { inApp: true, byEmail: true },
  month_approved: { inApp: true, byEmail: false },
  month_transfer: { inApp: true, byEmail: false },
  month_reopened: { inApp: true, byEmail: true },
  invitation_accepted: { inApp: true, byEmail: false },
  connection_attention: { inApp: true, byEmail: true },
  member_removed: { inApp: true, byEmail: true },
  reminder: { inApp: true, byEmail: true },
  client_reminder: { inApp: true, byEmail: true },
  // A new passkey, sign-in e-mail or linked account: mailed to every address regardless of any
  // choice (features/sign-in/server/way-in-notice.ts); in the app for someone without an address.
  way_in_added: { inApp: true, byEmail: false },
};

/** How the notifications chosen "By e-mail" arrive: one mail each (the default), or one mail a day (`users.notification_mail_mode`). */
export const MAIL_MODES = ["single", "daily_digest"] as const;
export type MailMode = (typeof MAIL_MODES)[number];
