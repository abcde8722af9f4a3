import "server-only";
import { serverEnv } from "@/lib/env/server";

/** Cookie names: `__Host-`/`__Secure-` prefixes when the app is served over HTTPS. */
export function authCookieNames() {
  const secure = serverEnv().NEXTAUTH_URL.startsWith("https:");
  return {
    secure,
    session: secure ? "__Host-ledgerlane.session" : "ledgerlane.session",
    csrf: secure ? "__Host-ledgerlane.csrf" : "ledgerlane.csrf",
    callbackUrl: secure ? "__Secure-ledgerlane.callback-url" : "ledgerlane.callback-url",
    state: secure ? "__Secure-ledgerlane.state" : "ledgerlane.state",
    pkce: secure ? "__Secure-ledgerlane.pkce" : "ledgerlane.pkce",
    nonce: secure ? "__Secure-ledgerlane.nonce" : "ledgerlane.nonce",
    /** The browser's nonce an e-mail sign-in link is bound to (features/sign-in/server/email-handlers.ts). */
    signInBrowser: secure ? "__Host-ledgerlane.sign-in-browser" : "ledgerlane.sign-in-browser",
    /** The country of the last sign-in in this browser, so the country page is skipped next time. */
    country: "ledgerlane.country",
  };
}
