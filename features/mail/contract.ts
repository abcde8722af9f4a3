import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

/**
 * The mail's one route: the one-click unsubscribe (RFC 8058). Mail clients POST to the address in
 * a mail's `List-Unsubscribe` header (body `List-Unsubscribe=One-Click`, not read: the token in the
 * path decides); the page /unsubscribe/<token> asks first and posts the same. No session: the
 * signed token (features/mail/server/unsubscribe-token.ts) is the authentication, and proxy.ts exempts
 * this path alone from the cross-site check (lib/http/origin-check.ts). Handlers: ./server/handlers.ts.
 */
export const mailContract = defineContract({
  unsubscribe: {
    method: "POST",
    path: "/api/mail/unsubscribe/:token",
    params: z.object({ token: z.string().min(1).max(200) }),
    response: z.object({ unsubscribed: z.literal(true), scope: z.string() }),
    errors: [],
  },
});
