import "server-only";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { authCookieNames } from "@/lib/auth/server/cookies";
import { sessionCookieHeader } from "@/lib/auth/server/session-cookie";
import { createSession } from "@/lib/auth/server/session-store";
import { successResponse } from "@/lib/http/api-error";
import { withRoute } from "@/lib/http/server/route";
import { browserCookie } from "@/features/sign-in/server/email-handlers";
import { isWellFormedSecret, newSecret } from "@/features/sign-in/server/email-link";
import { recordSignIn } from "@/features/sign-in/server/sign-in-audit";
import { ensurePersonalWorkspace } from "@/features/workspaces/server/personal";
import { passkeysContract as contract } from "../contract";
import { authenticationOptions, verifyAssertion } from "./authentication";

/** Options to sign in with a passkey, the challenge bound to this browser's nonce cookie (made when missing). */
export const postSignInOptions = withRoute({ ...contract.signInOptions, auth: false }, async ({ request }) => {
  const existing = request.cookies.get(authCookieNames().signInBrowser)?.value;
  const nonce = isWellFormedSecret(existing) ? existing : newSecret();
  const response = successResponse({ options: await authenticationOptions("sign_in", nonce, null) });
  if (nonce !== existing) response.headers.append("set-cookie", browserCookie(nonce));
  return response;
});

/** Signs in with a passkey: a session like the other ways in, the personal workspace, the audit entry. */
export const postSignInWithPasskey = withRoute(
  { ...contract.signInWithPasskey, auth: false, maxBodyBytes: 16_384 },
  async ({ request, body }) => {
    const nonce = request.cookies.get(authCookieNames().signInBrowser)?.value;
    const { userId } = await verifyAssertion(body.response as unknown as AuthenticationResponseJSON, "sign_in", nonce);
    const userAgent = request.headers.get("user-agent");
    await ensurePersonalWorkspace(userId);
    const sessionId = await createSession(userId, { method: "passkey", userAgent });
    await recordSignIn(userId, { sessionId, method: "passkey", userAgent });
    // On to the person's landing (features/sign-in/server/landing.ts: a client's companies, the firm's overview, …).
    const response = successResponse({ redirectTo: "/signed-in" });
    response.headers.append("set-cookie", await sessionCookieHeader(userId, sessionId));
    return response;
  },
);
