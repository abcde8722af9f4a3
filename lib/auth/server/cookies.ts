import "server-only";
import { parseCountry, type Country } from "@/lib/accounting/schemas";
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
    /** The country of the last sign-in in this browser, so the country page is skipped next time. */
    country: "ledgerlane.country",
  };
}

export const COUNTRY_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** The country remembered in this browser's cookie, when valid. */
export async function rememberedCountry(): Promise<Country | undefined> {
  const { cookies } = await import("next/headers");
  return parseCountry((await cookies()).get(authCookieNames().country)?.value);
}
