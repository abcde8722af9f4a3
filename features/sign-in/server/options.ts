import "server-only";
import type { NextAuthOptions, Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { accountingConfig, type AccountingConfig } from "@/features/accounting/oauth/server/config";
import { serverEnv } from "@/lib/env/server";
import { currentCallbackContext } from "./callback-context";
import { safeCallbackUrl } from "@/lib/auth/own-url";
import { completeSignIn } from "../core/server/complete-sign-in";
import { exchangeSignInCode } from "./code-exchange";
import { completeLegacySignIn } from "./complete-legacy-sign-in";
import { legacyAccountingProvider, LEGACY_PROVIDER_ID } from "./legacy-provider";
import { legacyConfig } from "@/features/accounting/oauth/server/legacy-config";
import { authCookieNames } from "@/lib/auth/server/cookies";
import { signOutUser } from "./sign-out";
import { recordSignIn } from "../core/server/sign-in-audit";
import { loadSessionUser, SESSION_MAX_AGE_S } from "@/lib/auth/server/session-store";
import { completeLinkCallback } from "@/features/account-linking/server/link-callback";
import { log } from "@/lib/log/logger";

/** The accounting service as an OAuth 2.0 provider: authorization code, PKCE S256, state, exact redirect URI. */
export function accountingProvider(config: AccountingConfig): OAuthConfig<Profile> {
  return {
    id: "accounting",
    name: "Accounting service",
    type: "oauth",
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { url: config.authUrl, params: { scope: "full_access", response_type: "code" } },
    // The code exchange goes through the app's upstream core (budgeted, waiting for the budget): ./code-exchange.ts.
    token: {
      url: config.tokenUrl,
      async request({ params, checks, provider }) {
        return { tokens: (await exchangeSignInCode(config, params, checks, provider.callbackUrl)) as never };
      },
    },
    // Not OpenID Connect: the person is the token response's `requested_by_id`.
    userinfo: { request: ({ tokens }) => ({ sub: String((tokens as Record<string, unknown>).requested_by_id ?? "") }) },
    profile: (profile) => ({ id: profile.sub ?? "" }),
    idToken: false,
    checks: ["pkce", "state"],
    client: { token_endpoint_auth_method: "client_secret_post" },
  };
}

function cookieOptions(secure: boolean, httpOnly = true) {
  return { httpOnly, sameSite: "lax" as const, path: "/", secure };
}

/** Logs the event code and a message, never metadata (which can hold tokens or token responses). */
const logger: NextAuthOptions["logger"] = {
  error(code, metadata) {
    const message = metadata instanceof Error ? metadata.message : (metadata as { error?: Error })?.error?.message;
    // `authError`, not `code`: a field named `code` is redacted (lib/log/redact.ts).
    log.error({ authError: code, reason: message?.slice(0, 200) }, "auth: next-auth failed");
  },
  warn(code) {
    log.warn({ authError: code }, "auth: next-auth warns");
  },
  debug() {},
};

/** v3.1, and the legacy v3 flow when its registration is configured. */
function providers(): OAuthConfig<Profile>[] {
  const legacy = legacyConfig();
  return legacy
    ? [accountingProvider(accountingConfig()), legacyAccountingProvider(legacy)]
    : [accountingProvider(accountingConfig())];
}

export function authOptions(): NextAuthOptions {
  const env = serverEnv();
  const names = authCookieNames();
  return {
    secret: env.NEXTAUTH_SECRET,
    providers: providers(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
    jwt: { maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    logger,
    cookies: {
      sessionToken: { name: names.session, options: cookieOptions(names.secure) },
      csrfToken: { name: names.csrf, options: cookieOptions(names.secure) },
      callbackUrl: { name: names.callbackUrl, options: cookieOptions(names.secure) },
      state: { name: names.state, options: { ...cookieOptions(names.secure), maxAge: 900 } },
      pkceCodeVerifier: { name: names.pkce, options: { ...cookieOptions(names.secure), maxAge: 900 } },
      nonce: { name: names.nonce, options: cookieOptions(names.secure) },
    },
    callbacks: {
      // Only this app's own URLs, and never a throw on a bad query value or planted cookie.
      redirect: ({ url, baseUrl }) => Promise.resolve(safeCallbackUrl(url, baseUrl)),
      // The cookie carries only who and which session row; tokens stay in the database.
      async jwt({ token, account }) {
        if (account) {
          const context = currentCallbackContext();
          // Linking, not signing in: the browser stays the person it was (features/account-linking).
          if (context?.link && account.provider === "accounting")
            return completeLinkCallback(account, context.country, context.link);
          const { userId, sessionId, moved } =
            account.provider === LEGACY_PROVIDER_ID
              ? { ...(await completeLegacySignIn(account, context?.country, context?.userAgent)), moved: false }
              : await completeSignIn(account, context?.country, {
                  moveFromUserId: context?.moveFromUserId,
                  userAgent: context?.userAgent,
                });
          await recordSignIn(userId, { sessionId, method: "accounting", userAgent: context?.userAgent ?? null });
          if (context) context.moved = moved;
          if (context) context.signedIn = true;
          return { uid: userId, sid: sessionId };
        }
        return { uid: token.uid, sid: token.sid };
      },
      async session({ session, token }) {
        const user =
          typeof token.uid === "string" && typeof token.sid === "string"
            ? await loadSessionUser(token.sid, token.uid)
            : null;
        return { expires: session.expires, ...(user ? { user: { name: user.displayName } } : {}) };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.uid === "string" && typeof token.sid === "string") await signOutUser(token.uid, token.sid);
      },
    },
  };
}
