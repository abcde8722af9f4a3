import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { addSignInEmailSchema, linkParamsSchema, verifySignInEmailSchema } from "./schemas";
import { accountLinkingRoutes } from "./routes";

/**
 * Two ways in, linked only by a verified e-mail and an explicit confirmation (lib/http/contract.ts).
 * Handlers: ./server/handlers.ts; the browser: ./client/api.ts. Linking an accounting account
 * begins at next-auth's sign-in (`POST /api/auth/signin/accounting?link=1`, which needs a session).
 */
export const accountLinkingContract = defineContract(accountLinkingRoutes, {
  /** Mails a 6-digit code to the address; 202 whoever has it (nothing told before the code is proved). */
  addSignInEmail: {
    body: addSignInEmailSchema,
    response: z.object({ sent: z.literal(true) }),
    status: 202,
    errors: ["rate_limited"],
  },
  /** Checks the code of the person's latest request: the address becomes their sign-in e-mail. */
  verifySignInEmail: {
    body: verifySignInEmailSchema,
    response: z.object({ verifiedEmail: z.string() }),
    errors: [
      "verification_code_wrong",
      "verification_code_expired",
      "verification_code_used",
      "email_belongs_to_other",
    ],
  },
  /** Confirms a link waiting for this session: the accounting account signs this person in too. */
  confirmLink: {
    params: linkParamsSchema,
    response: z.object({ linked: z.literal(true) }),
    errors: ["account_link_invalid", "account_belongs_to_other"],
  },
  /** Cancels a link waiting for this session: nothing is linked, the service's tokens are revoked. */
  cancelLink: {
    params: linkParamsSchema,
    response: z.object({ cancelled: z.literal(true) }),
    errors: ["account_link_invalid"],
  },
});
