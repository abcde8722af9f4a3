import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** `outsideMonth:2026-11` → the translated message with its argument. */
export function describeProblem(t: Translate, code: string): string {
  const [name = "invalid", arg = ""] = code.split(/:(.*)/);
  const key = `payrollEntries.errors.${name}` as MessageKey;
  const text = t(key, { arg });
  return text === key ? code : text;
}

export function columnLabel(t: Translate, key: string): string {
  return t(`payrollEntries.columns.${key}` as MessageKey);
}
