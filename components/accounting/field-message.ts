import { splitValidationMessage } from "@/lib/accounting/forms";
import type { ProxyErrorBody } from "@/lib/accounting/proxy-shape";
import type { Translate } from "@/lib/i18n/translate";

/**
 * A field's error: an i18n key when it comes from the shared schemas (`validation.…`), the
 * service's refusal (`service:<its text>`) as a translated sentence with its text as the detail.
 */
export function fieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith("service:")) return t("accountingError.fieldRefused", { detail: message.slice("service:".length) });
  if (!message.startsWith("validation.")) return message;
  const { key, values } = splitValidationMessage(message);
  return t(key, values);
}

/** The translated text of a failed proxy answer, by its code; the service's own text only as detail. */
export function proxyErrorText(t: Translate, error: Pick<ProxyErrorBody, "code" | "detail">): string {
  const text = proxyErrorSentence(t, error.code);
  return error.detail ? `${text} ${t("accountingError.detail", { detail: error.detail })}` : text;
}

function proxyErrorSentence(t: Translate, code: string): string {
  switch (code) {
    case "unavailable":
      return t("accountingError.unavailable");
    case "network":
    case "upstream_unreachable":
      return t("accountingError.network");
    case "invalid":
      return t("accountingError.invalid");
    case "forbidden":
    case "unknown_business":
      return t("accountingError.refused");
    case "not_found":
      return t("business.notFound");
    case "reauth_required":
      return t("connection.reauthText");
    case "not_connected":
      return t("connection.notConnectedText");
    default:
      return t("accountingError.failed");
  }
}
