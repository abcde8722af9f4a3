import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** A validation code of the employee schema (`code` or `code:argument`) as text for people. */
export function problemText(t: Translate, code: string): string {
  const colon = code.indexOf(":");
  const name = colon < 0 ? code : code.slice(0, colon);
  const arg = colon < 0 ? "" : code.slice(colon + 1);
  const key = `payroll.validation.${name}` as MessageKey;
  return t.has(key) ? t(key, { arg }) : code;
}
