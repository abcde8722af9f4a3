import "server-only";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { getLocale, getTranslations } from "next-intl/server";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { signInContract as contract } from "../contract";
import {
  confirmationMethods,
  confirmPasskeyOptions,
  confirmWithCode,
  confirmWithPasskey,
  sendConfirmationCode,
} from "./confirmation";

/** The handlers behind `app/api/sessions/confirm/**` (./confirmation.ts): confirming this session for what matters. */

// Open to a member who must add a passkey first: adding it may ask for a recent confirmation.
export const getConfirmationMethods = withRoute(
  { ...contract.confirmationMethods, beforePasskey: true },
  async ({ user }) => successResponse(await confirmationMethods(user)),
);

export const postConfirmPasskeyOptions = withRoute(
  { ...contract.confirmPasskeyOptions, beforePasskey: true },
  async ({ user }) => successResponse({ options: await confirmPasskeyOptions(user) }),
);

export const postConfirmWithPasskey = withRoute(
  { ...contract.confirmWithPasskey, beforePasskey: true, maxBodyBytes: 16_384 },
  async ({ user, body }) => {
    const at = await confirmWithPasskey(user, body.response as unknown as AuthenticationResponseJSON);
    return successResponse({ confirmedAt: at.toISOString() });
  },
);

export const postConfirmationCode = withRoute(
  { ...contract.sendConfirmationCode, beforePasskey: true },
  async ({ user }) => {
    const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
    const sent = await sendConfirmationCode(user, {
      locale,
      subject: (values) => t("recentSignIn.mailSubject", values),
      text: (values) => t("recentSignIn.mailText", values),
    });
    return successResponse({ sentTo: sent.sentTo, expiresAt: sent.expiresAt.toISOString() }, 202);
  },
);

export const postConfirmWithCode = withRoute(
  { ...contract.confirmWithCode, beforePasskey: true, maxBodyBytes: 256 },
  async ({ user, body }) => {
    const at = await confirmWithCode(user, body.code);
    return successResponse({ confirmedAt: at.toISOString() });
  },
);
