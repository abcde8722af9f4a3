import type { Translate } from "@/lib/i18n/translate";

/** The country list's entries that are no country, by their DEÜV keys, in our own words. */
export function ownCountryNames(t: Translate): Record<number, string> {
  return { 997: t("payroll.lists.stateless"), 998: t("payroll.lists.unclear"), 999: t("payroll.lists.notStated") };
}
