import type { Locale } from "./locales";
import type { Messages } from "./messages";

// next-intl's types follow the English catalogue: a key that is not in it fails `tsc`.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
