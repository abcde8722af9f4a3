"use client";

import { useLocale, useTranslations, type TranslationValues } from "next-intl";
import { useMemo } from "react";
import type { Locale } from "@/lib/i18n/locales";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/**
 * @deprecated Thin adapter over next-intl for `components/grid/**` only (being split by another
 * change); everything else calls `useTranslations()` / `useLocale()` directly. Remove it once the
 * grid has moved. Like the old translator, `t` answers the key itself for a key without a message,
 * which the grid's `describeProblem` relies on; the grid page's `IntlScope` must pick the
 * namespaces the grid reads (`payrollEntries`, `payroll`).
 */
export function useI18n(): { locale: Locale; t: Translate } {
  const locale = useLocale();
  const translate = useTranslations();
  const t = useMemo(
    () =>
      Object.assign((key: MessageKey, values?: TranslationValues) => (translate.has(key) ? translate(key, values) : key), {
        has: (key: MessageKey) => translate.has(key),
      }) satisfies Translate,
    [translate],
  );
  return { locale, t };
}
