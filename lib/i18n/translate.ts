import type { MessageKeys, NestedKeyOf, TranslationValues } from "next-intl";
import type { Messages } from "./messages";

/** Every message key of the catalogue, dotted from the root (`"payroll.import.start"`). */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/**
 * A root translator (`useTranslations()` / `getTranslations()` without a namespace), for helpers
 * that build a key from a code (`payroll.validation.${code}`) and fall back when there is none.
 */
export interface Translate {
  (key: MessageKey, values?: TranslationValues): string;
  has(key: MessageKey): boolean;
}
