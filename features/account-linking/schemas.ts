import { z } from "zod";

/**
 * The shapes of adding a sign-in e-mail and of linking an accounting account, shared by the
 * forms on /settings/security and the server (./contract.ts).
 */

export const addSignInEmailSchema = z.object({ email: z.string().trim().max(254).pipe(z.email()) }).strict();

/** The code in the mail: 6 digits (spaces a person types between them are dropped). */
export const verifySignInEmailSchema = z
  .object({
    code: z
      .string()
      .max(20)
      .transform((code) => code.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6 digits of the code in the mail.")),
  })
  .strict();

export const linkParamsSchema = z.object({ linkId: z.uuid() });

/** A verification code lasts this long, and takes this many wrong tries. */
export const VERIFICATION_CODE_LIFETIME_MINUTES = 15;
export const VERIFICATION_CODE_TRIES = 5;

/** How long a begun link waits for the accounting sign-in and then for Confirm. */
export const LINK_LIFETIME_MINUTES = 15;

/** The confirmation page's link (features/account-linking/server/account-link.ts `pendingLink`). */
export interface PendingLinkView {
  id: string;
  accountingName: string | null;
  email: string | null;
  /** The account already signs in another person, or this person has one already: refused, never merged. */
  refusal: "account_belongs_to_other" | "already_linked" | null;
}
