import { getRequestConfig } from "next-intl/server";
import type { Messages } from "@/lib/i18n/messages";
import { requestLocale } from "@/lib/i18n/server";

// next-intl "without i18n routing": no locale in the URL; the locale comes from the cookie the
// language switch sets, else Accept-Language, else NEXT_PUBLIC_DEFAULT_LOCALE (lib/i18n/server.ts).
// The server holds the whole catalogue; the browser gets only what `IntlScope` picks per page.
export default getRequestConfig(async () => {
  const locale = await requestLocale();
  // Imported as a file (not through lib/i18n/messages) so the plugin's loader precompiles it: the
  // merged catalogue (scripts/lib/messages.ts), not the shared messages beside it.
  const messages = ((await import(`../lib/i18n/messages/generated/${locale}.json`)) as { default: Messages }).default;
  return { locale, messages };
});
