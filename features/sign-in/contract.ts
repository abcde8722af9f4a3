import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { passkeySignInSchema, webauthnOptionsSchema } from "@/features/passkeys/schemas";
import {
  completeEmailLinkSchema,
  confirmationCodeSchema,
  confirmationMethodsSchema,
  confirmedSchema,
  requestEmailLinkSchema,
  sessionParamsSchema,
  sessionViewSchema,
} from "./schemas";

/**
 * The routes of e-mail sign-in and of one's own sessions (lib/http/contract.ts). Handlers:
 * ./server/email-handlers.ts and ./server/session-handlers.ts; the browser: ./client/api.ts.
 * The OAuth sign-in is next-auth's (app/api/auth/[...nextauth]).
 */
export const signInContract = defineContract({
  /**
   * Asks for a sign-in link to an address: 202 `{ sent: true }` whether or not anyone has that
   * address (nothing is told), 429 `rate_limited` with Retry-After beyond a limit per address, per
   * IP address and per browser. Sets the browser's nonce cookie the link is bound to.
   */
  requestEmailLink: {
    method: "POST",
    path: "/api/sign-in/email",
    body: requestEmailLinkSchema,
    response: z.object({ sent: z.literal(true) }),
    status: 202,
    errors: ["rate_limited"],
  },
  /** Opens a link in the browser that asked for it: sets the session cookie, answers where to go. */
  completeEmailLink: {
    method: "POST",
    path: "/api/sign-in/email/complete",
    body: completeEmailLinkSchema,
    response: z.object({ redirectTo: z.string() }),
    errors: ["sign_in_link_invalid", "sign_in_link_expired", "sign_in_link_used", "sign_in_link_other_browser"],
  },
  /** The signed-in person's sessions, this one marked. */
  listSessions: {
    method: "GET",
    path: "/api/sessions",
    response: z.object({ sessions: z.array(sessionViewSchema) }),
    errors: [],
  },
  /** Ends another of one's own sessions (another person's is 404 `not_found`). */
  endSession: {
    method: "DELETE",
    path: "/api/sessions/:sessionId",
    params: sessionParamsSchema,
    response: z.object({ ended: z.number().int() }),
    errors: [],
  },
  /** Ends every session of the person but this one. */
  endOtherSessions: {
    method: "POST",
    path: "/api/sessions/sign-out-others",
    response: z.object({ ended: z.number().int() }),
    errors: [],
  },
  /**
   * Confirming this session for what matters (lib/auth/server/recent-confirmation.ts; handlers:
   * ./server/confirmation-handlers.ts): how it may be confirmed now. Passkey only when the active
   * workspace requires passkeys and the person has one; neither: the person signs in again.
   */
  confirmationMethods: {
    method: "GET",
    path: "/api/sessions/confirm",
    response: confirmationMethodsSchema,
    errors: [],
  },
  /** Options to confirm with a passkey: a challenge bound to this session, only the person's passkeys. */
  confirmPasskeyOptions: {
    method: "POST",
    path: "/api/sessions/confirm/passkey/options",
    response: z.object({ options: webauthnOptionsSchema }),
    errors: ["conflict"],
  },
  /** Confirms this session with a passkey's answer (single use; a replayed answer is refused). */
  confirmWithPasskey: {
    method: "POST",
    path: "/api/sessions/confirm/passkey",
    body: passkeySignInSchema,
    response: confirmedSchema,
    errors: ["passkey_challenge_invalid", "passkey_challenge_expired", "passkey_refused"],
  },
  /** Mails a 6-digit code (10 minutes, single use) to the person's address; a new code replaces the open one. */
  sendConfirmationCode: {
    method: "POST",
    path: "/api/sessions/confirm/email-code",
    response: z.object({ sentTo: z.string(), expiresAt: z.iso.datetime() }),
    status: 202,
    errors: ["conflict", "rate_limited", "mail_not_configured"],
  },
  /** Confirms this session with the code: 5 wrong tries use the code up. */
  confirmWithCode: {
    method: "POST",
    path: "/api/sessions/confirm/email-code/verify",
    body: confirmationCodeSchema,
    response: confirmedSchema,
    errors: ["confirmation_code_wrong", "confirmation_code_invalid"],
  },
});
