import { z } from "zod";
import { MAIL_MODES, NOTIFICATION_KINDS } from "./kinds";

/** One notification as the browser gets it: `data` holds what its text needs (its kind's fields, features/notifications/server/from-event.ts). */
export const notificationViewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: z.record(z.string(), z.unknown()),
  /** The app path of what it is about. */
  link: z.string(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationViewSchema),
  unreadCount: z.number().int().min(0),
});

export const unreadSchema = z.object({ unreadCount: z.number().int().min(0) });

export const notificationParamsSchema = z.object({ notificationId: z.uuid() });

/** A person's choices: per kind, in the app and by e-mail, and how the mails arrive. Form and server share it. */
export const preferencesSchema = z.object({
  kinds: z
    .array(z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), byEmail: z.boolean() }))
    .max(NOTIFICATION_KINDS.length)
    .refine((kinds) => new Set(kinds.map((choice) => choice.kind)).size === kinds.length, "Each kind once."),
  mailMode: z.enum(MAIL_MODES),
});
export type Preferences = z.infer<typeof preferencesSchema>;
