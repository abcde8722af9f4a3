import "server-only";
import { cookies, headers } from "next/headers";
import { getLocale, getTranslations } from "next-intl/server";
import { clientEnv } from "@/lib/env/client";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "./locales";
import type { Translate } from "./translate";

/** The person's choice (cookie), else their browser's, else the configured default. Read once per request by `i18n/request.ts`. */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get("accept-language")) ?? clientEnv.NEXT_PUBLIC_DEFAULT_LOCALE;
}

/**
 * @deprecated Adapter for `components/grid/**` only, which is being split by another change:
 * new code calls next-intl's `getTranslations()` / `getLocale()`. Remove once the grid has moved.
 */
export async function getTranslator(): Promise<{ locale: Locale; t: Translate }> {
  const [locale, t] = await Promise.all([getLocale(), getTranslations()]);
  return { locale, t };
}
