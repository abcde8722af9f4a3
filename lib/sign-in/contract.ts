import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { completeEmailLinkSchema, requestEmailLinkSchema, sessionParamsSchema, sessionViewSchema } from "./schemas";

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
});
