import { z } from "zod";
import { MAIL_MODES, notificationKinds } from "./kinds";

/**
 * A kind of this process (declared by the features, wired at start: ./kinds.ts), read when a
 * schema first parses, never when the module loads (the browser loads it for its types only).
 */
const kindSchema = z.lazy(() => z.enum(notificationKinds()));

/** One notification as the browser gets it: `data` holds what its text needs (its kind's fields, features/notifications/server/from-event.ts). */
export const notificationViewSchema = z.object({
  id: z.uuid(),
  kind: kindSchema,
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
  kinds: z.lazy(() =>
    z
      .array(z.object({ kind: kindSchema, inApp: z.boolean(), byEmail: z.boolean() }))
      .max(notificationKinds().length)
      .refine((kinds) => new Set(kinds.map((choice) => choice.kind)).size === kinds.length, "Each kind once."),
  ),
  mailMode: z.enum(MAIL_MODES),
});
export type Preferences = z.infer<typeof preferencesSchema>;
