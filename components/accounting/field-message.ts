import { splitValidationMessage } from "@/lib/accounting/forms";
import type { Translate } from "@/lib/i18n/translate";

/** Field errors are i18n keys when they come from the shared schemas, the service's own text otherwise. */
export function fieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (!message.startsWith("validation.")) return message;
  const { key, values } = splitValidationMessage(message);
  return t(key, values);
}
