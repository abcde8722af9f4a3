import "server-only";
import { cookies, headers } from "next/headers";
import { clientEnv } from "@/lib/env/client";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "./locales";

/** The person's choice (cookie), else their browser's, else the configured default. Read once per request by `i18n/request.ts`. */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get("accept-language")) ?? clientEnv.NEXT_PUBLIC_DEFAULT_LOCALE;
}
