import { z } from "zod";
import { safeAppPath } from "@/lib/auth/own-url";

/**
 * The shapes of e-mail sign-in and of the sessions list, shared by the forms and the server
 * (features/sign-in/contract.ts).
 */

/** An own path to come back to after signing in ("/invitations/…"): never another host (lib/auth/own-url.ts). */
const OWN_PATH = /^\/(?![/\\])[^\s\\]*$/;

export const requestEmailLinkSchema = z
  .object({
    email: z.string().trim().max(254).pipe(z.email()),
    callbackUrl: z
      .string()
      .max(500)
      .regex(OWN_PATH)
      .refine((url) => safeAppPath(url) === url)
      .optional(),
  })
  .strict();

export const completeEmailLinkSchema = z.object({ token: z.string().max(200) }).strict();

export const sessionParamsSchema = z.object({ sessionId: z.uuid() });

export const sessionViewSchema = z.object({
  id: z.uuid(),
  /** "Chrome on Linux", or null when the browser did not say. */
  device: z.string().nullable(),
  method: z.enum(["accounting", "email", "passkey"]),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session of the request that asked ("this device"). */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;

/** An e-mail sign-in link lasts this long from when it was asked for. */
export const EMAIL_LINK_LIFETIME_MINUTES = 15;

/** Confirming the session (recent sign-in for what matters): the 6-digit code from the e-mail. */
export const confirmationCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Type the 6 digits from the e-mail."),
  })
  .strict();

/** How this session may be confirmed now; `email` is the address a code goes to, partly hidden. */
export const confirmationMethodsSchema = z.object({
  passkey: z.boolean(),
  emailCode: z.boolean(),
  email: z.string().nullable(),
  /** The session's last sign-in or confirmation, and whether it is recent enough for what matters. */
  confirmedAt: z.iso.datetime(),
  recent: z.boolean(),
});
export type ConfirmationMethods = z.infer<typeof confirmationMethodsSchema>;

export const confirmedSchema = z.object({ confirmedAt: z.iso.datetime() });

/** An e-mail code lasts 10 minutes and takes at most 5 wrong tries. */
export const CONFIRMATION_CODE_MINUTES = 10;
export const CONFIRMATION_CODE_TRIES = 5;
