import { splitValidationMessage } from "@/features/accounting/forms";
import type { Translate } from "@/lib/i18n/translate";

/**
 * A field's error: an i18n key when it comes from the shared schemas (`validation.…`), the
 * service's refusal (`service:<its text>`) as a translated sentence with its text as the detail.
 */
export function fieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith("service:"))
    return t("accountingError.fieldRefused", { detail: message.slice("service:".length) });
  if (!message.startsWith("validation.")) return message;
  const { key, values } = splitValidationMessage(message);
  return t(key, values);
}
