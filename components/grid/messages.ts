import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** `outsideMonth:2026-11` → the translated message with its argument. */
export function describeProblem(t: Translate, code: string): string {
  const [name = "invalid", arg = ""] = code.split(/:(.*)/);
  const key = `payrollEntries.errors.${name}` as MessageKey;
  // A code this build has no text for is shown as it is rather than as a missing-message marker.
  return t.has(key) ? t(key, { arg }) : code;
}

export function columnLabel(t: Translate, key: string): string {
  return t(`payrollEntries.columns.${key}` as MessageKey);
}
