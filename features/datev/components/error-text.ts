import { keyUnder, type Translate } from "@/lib/i18n/translate";

/** A field error's code as text: `range:1001:9999999` → "Between 1001 and 9999999." (`datev.errors.<code>`). */
export function errorText(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const [name = "", min, max] = code.split(":");
  const key = keyUnder(t, "datev.errors", name);
  return key ? t(key, { min: min ?? "", max: max ?? "" }) : t("datev.errors.notValid");
}
