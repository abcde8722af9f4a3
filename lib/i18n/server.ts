import "server-only";
import { cookies, headers } from "next/headers";
import { clientEnv } from "@/lib/env/client";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from "./locales";
import { MESSAGES } from "./messages";
import { createTranslator, type Translate } from "./translate";

/** The person's choice (cookie), else their browser's, else the configured default. */
export async function getLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage((await headers()).get("accept-language")) ?? clientEnv.NEXT_PUBLIC_DEFAULT_LOCALE;
}

export async function getTranslator(): Promise<{ locale: Locale; t: Translate }> {
  const locale = await getLocale();
  return { locale, t: createTranslator(MESSAGES[locale]) };
}
