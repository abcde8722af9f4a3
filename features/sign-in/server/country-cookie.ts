import "server-only";
import { parseCountry, type Country } from "@/features/accounting/schemas";
import { authCookieNames } from "@/lib/auth/server/cookies";

// The country of the last sign-in in this browser (the sign-in's, not the session's: the session
// below knows no accounting service).

export const COUNTRY_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 365;

/** The country remembered in this browser's cookie, when valid. */
export async function rememberedCountry(): Promise<Country | undefined> {
  const { cookies } = await import("next/headers");
  return parseCountry((await cookies()).get(authCookieNames().country)?.value);
}
