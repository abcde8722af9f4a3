import { useTranslations } from "next-intl";

/** The open switcher's texts, the same for every switcher in the header. */
export function useSwitcherTexts() {
  const t = useTranslations("common");
  return {
    search: t("switcherSearch"),
    noMatch: t("switcherNoMatch"),
    choices: t("switcherChoices"),
    current: t("switcherCurrent"),
  };
}
