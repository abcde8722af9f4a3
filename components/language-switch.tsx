"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { Select } from "@/components/ui/select";
import { LOCALE_COOKIE, LOCALES, type Locale } from "@/lib/i18n/locales";
import { useLocale, useTranslations } from "next-intl";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/**
 * The language switch, labelled `Language`: a native select, whole-width (never squeezed), the
 * plainest accessible control for two choices and no JavaScript beyond the cookie it sets.
 */
export function LanguageSwitch() {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  function choose(next: Locale) {
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${ONE_YEAR_S}; samesite=lax`;
    startTransition(() => router.refresh());
  }

  return (
    <div className="flex shrink-0 items-center gap-2 text-control">
      {/* "Language" in every language (CONTRACT.md): someone who reads none of the page finds it. */}
      <label htmlFor={id} lang="en" className="shrink-0 text-slate-700 lg:max-xl:sr-only">
        {t("common.language")}
      </label>
      <Select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => choose(event.target.value as Locale)}
        className="w-auto"
        options={LOCALES.map((option) => ({ value: option, label: t(`common.languages.${option}`), lang: option }))}
      />
    </div>
  );
}
