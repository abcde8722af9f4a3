import type { FieldValues, Resolver, UseFormSetError, Path } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { errorBody } from "@/components/ui/error-text";
import type { Locale } from "@/lib/i18n/locales";
import { keyUnder, type Translate } from "@/lib/i18n/translate";
import { parseLocaleNumber } from "@/lib/money/locale";

/**
 * What the check settings' forms share: numbers typed the person's way ("173,5" in German) are
 * made canonical before the one schema validates them (so the browser sends what the server
 * parses with the same schema), field errors are codes shown as `checkSettings.errors.<code>`,
 * and the server's field errors land on their fields.
 */

export function numberFields<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  fields: readonly (keyof T)[],
  locale: Locale,
): Resolver<T> {
  const resolve = zodResolver(schema);
  return (values, context, options) => {
    const canonical: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const text = String(values[field] ?? "").trim();
      // Text that is no number stays as typed: the schema says so at the field.
      canonical[field as string] = text === "" ? "" : (parseLocaleNumber(text, locale) ?? text);
    }
    return resolve(canonical as T, context, options);
  };
}

export function settingsError(t: Translate, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(keyUnder(t, "checkSettings.errors", code) ?? "checkSettings.errors.notValid");
}

/** Puts a refused save's field errors on their fields; true when there were any. */
export function placeServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const found = errorBody(error).fields ?? {};
  let placed = false;
  for (const field of fields) {
    const message = found[field];
    if (message) {
      setError(field, { message });
      placed = true;
    }
  }
  return placed;
}

/** A stored number shown the person's way in a field: 173.5 → "173,5" in German. */
export function numberText(locale: Locale, value: number | null): string {
  if (value === null) return "";
  return String(value).replace(".", locale === "de" ? "," : ".");
}
