import { formatMonth } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** `outsideMonth:2026-11` → the translated message with its argument (a month as "November 2026"). */
export function describeProblem(t: Translate, code: string, locale: Locale): string {
  const [name = "invalid", raw = ""] = code.split(/:(.*)/);
  const arg = /^\d{4}-\d{2}$/.test(raw) ? formatMonth(locale, raw) : raw;
  const key = `payrollEntries.errors.${name}` as MessageKey;
  // A code this build has no text for is shown as it is rather than as a missing-message marker.
  return t.has(key) ? t(key, { arg }) : code;
}

export function columnLabel(t: Translate, key: string): string {
  return t(`payrollEntries.columns.${key}` as MessageKey);
}
