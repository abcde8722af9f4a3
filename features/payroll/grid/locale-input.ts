import { CANONICAL_DECIMAL } from "@/lib/money/decimal";
import { parseLocaleDate } from "@/lib/dates/locale";
import { parseLocaleNumber, withCents } from "@/lib/money/locale";
import type { EnumOption, GridColumn, InputContext, GridLocale } from "./columns";

function normaliseLabel(text: string): string {
  return text.trim().toLocaleLowerCase("de").replace(/\s+/g, " ");
}

/** An option by its code, its label in either language, or a prefix that only one label starts with. */
export function matchOption(options: readonly EnumOption[], input: string): string | null {
  const text = normaliseLabel(input);
  if (!text) return null;
  for (const option of options) {
    if (option.value.toLowerCase() === text) return option.value;
    if (normaliseLabel(option.labels.en) === text || normaliseLabel(option.labels.de) === text) return option.value;
  }
  const prefixed = options.filter((option) =>
    [option.value, option.labels.en, option.labels.de].some((label) => normaliseLabel(label).startsWith(text)),
  );
  return prefixed.length === 1 ? (prefixed[0]?.value ?? null) : null;
}

/**
 * What a typed or pasted text is stored as: the canonical value when it can be read
 * (a decimal with a point, an ISO date, an option's code), else the trimmed text as typed,
 * which validation then reports. Canonical values do not depend on the locale.
 */
export function canonicalize(column: GridColumn, input: string, context: InputContext): string {
  const text = input.trim();
  if (!text) return "";
  switch (column.kind) {
    case "decimal":
      return parseLocaleNumber(text, context.locale) ?? text;
    case "date":
      return parseLocaleDate(text, context.month) ?? text;
    case "enum":
      return matchOption(column.options ?? [], text) ?? text;
    case "text":
      return text;
  }
}

/** How a stored value is shown and edited in the person's language. */
export function displayValue(column: GridColumn, value: string, locale: GridLocale): string {
  if (!value) return "";
  switch (column.kind) {
    case "decimal": {
      if (!CANONICAL_DECIMAL.test(value)) return value;
      const shown = column.money ? withCents(value) : value;
      return locale === "de" ? shown.replace(".", ",") : shown;
    }
    case "date": {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return value;
      return locale === "de" ? `${match[3]}.${match[2]}.${match[1]}` : `${match[3]}/${match[2]}/${match[1]}`;
    }
    case "enum":
      return column.options?.find((option) => option.value === value)?.labels[locale] ?? value;
    case "text":
      return value;
  }
}
